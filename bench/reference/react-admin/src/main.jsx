import fakeDataProvider from 'ra-data-fakerest';
import { Admin, ListGuesser, Resource } from 'react-admin';
import { createRoot } from 'react-dom/client';

// one list resource over in-memory data: the smallest react-admin app
const posts = Array.from({ length: 50 }, (_, i) => ({
  id: i + 1,
  title: `Loan ${i + 1}`,
  amount: 1000 * (i + 1),
  status: 'active',
}));

createRoot(document.getElementById('root')).render(
  <Admin dataProvider={fakeDataProvider({ posts })}>
    <Resource name="posts" list={ListGuesser} />
  </Admin>,
);
