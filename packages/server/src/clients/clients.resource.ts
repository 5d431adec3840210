import type { ListResource } from '../platform/list-query';

/** GET api/clients: filter by ID (eq) and Name (contains); default sort id ascending (investor-and-admin §2, §9). */
export const clientsResource: ListResource = {
  name: 'clients',
  from: 'clients c',
  fields: {
    id: { sql: 'c.id', type: 'integer' },
    name: { sql: 'c.name', type: 'string' },
    loanCount: {
      sql: "(select count(*) from loans l where l.client_id = c.id and l.status <> 'DELETED')",
      type: 'integer',
    },
    createdAt: { sql: 'c.created_at', type: 'datetime' },
    updatedAt: { sql: 'c.updated_at', type: 'datetime' },
  },
  defaultOrderBy: 'id asc',
};
