import { clientListShape } from '@lm/domain';
import { bindListResource } from '../platform/list-query';

/** GET api/clients: filter by ID (eq) and Name (contains); default sort id ascending (investor-and-admin §2, §9). */
export const clientsResource = bindListResource(clientListShape, {
  name: 'clients',
  from: 'clients c',
  fields: {
    id: 'c.id',
    name: 'c.name',
    loanCount: "(select count(*) from loans l where l.client_id = c.id and l.status <> 'DELETED')",
    createdAt: 'c.created_at',
    updatedAt: 'c.updated_at',
  },
  defaultOrderBy: 'id asc',
});
