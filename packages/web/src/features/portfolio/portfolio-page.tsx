import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { PageTitle } from '../../shared/layout/page-title';
import { type InvestmentView, PortfolioInvestment } from './portfolio-investment';
import { PortfolioPanels } from './portfolio-panels';

const tabLabels = ['Investments', 'Investment Information', 'Repayments'] as const;

/**
 * /portfolio and /portfolio/{id} for the two investor roles (investor-and-admin §2 Portfolio): the
 * account panels, and for a chosen investment the tabs Investment Information and Repayments
 * (?view=repayments keeps the second across reloads).
 */
export default function PortfolioPage() {
  const { id } = useParams();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const view: InvestmentView = params.get('view') === 'repayments' ? 'repayments' : 'information';
  const index = id ? (view === 'repayments' ? 2 : 1) : 0;
  const tabId = (n: number) => `portfolio-tab-${n}`;
  return (
    <>
      <PageTitle title="Portfolio" />
      <Tabs
        value={index}
        onChange={(_event, value: number) => {
          if (value === 0) navigate('/portfolio');
          else if (id) navigate(value === 2 ? `/portfolio/${id}?view=repayments` : `/portfolio/${id}`);
        }}
        aria-label="Portfolio"
        sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}
      >
        {tabLabels.map((label, n) => (
          <Tab key={label} label={label} id={tabId(n)} aria-controls={`${tabId(n)}-panel`} disabled={n > 0 && !id} />
        ))}
      </Tabs>
      <Box role="tabpanel" id={`${tabId(index)}-panel`} aria-labelledby={tabId(index)}>
        {id ? <PortfolioInvestment id={id} view={view} /> : <PortfolioPanels />}
      </Box>
    </>
  );
}
