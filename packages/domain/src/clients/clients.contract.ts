import { z } from 'zod';
import { defineRoute, idParams, listOf, listQuery, listShape, textInput } from '../contract';
import { loanMessages } from '../loans/loan-messages';

/** Clients (investor-and-admin §2 "Clients", §5 "Client", §7): the borrowers loans belong to. */

/** A client's name: the longest a lender's staff would type for a business name. */
export const clientNameLengthMax = 200;

/** A client name: trimmed, not empty, no control characters; `empty` is the specification's refusal. */
function clientName(empty: string) {
  return textInput(clientNameLengthMax, { required: empty }).refine((name) => name.length > 0, empty);
}

/** The New Client form: one name. */
export const clientCreateForm = z.object({ name: clientName(loanMessages.clientNameEmpty) });

/**
 * POST api/clients: `{ name }`; the specification's client sends `{ client: { name } }`, which is
 * read the same. The output is always `{ name }`.
 */
export const clientCreateBody = z
  .object({
    name: clientName(loanMessages.clientNameEmpty).optional(),
    client: z.object({ name: clientName(loanMessages.clientNameEmpty) }).optional(),
  })
  .transform((body, ctx) => {
    const name = body.name ?? body.client?.name;
    if (name === undefined) {
      ctx.addIssue({ code: 'custom', path: ['name'], message: loanMessages.clientNameEmpty });
      return z.NEVER;
    }
    return { name };
  });
export type ClientCreateBody = z.output<typeof clientCreateBody>;

/** PUT api/clients/{id}: the changed name, with the id (which must be the path's). */
export const clientEditBody = z.object({
  id: z.number().int().positive().optional(),
  name: clientName(loanMessages.clientNameEditEmpty),
});
export type ClientEditBody = z.output<typeof clientEditBody>;

/** One client as GET/POST/PUT api/clients answer it. */
export const clientSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

/** GET api/clients: filter by ID (eq) and Name (contains); default sort id ascending. */
export const clientListShape = listShape({
  id: 'integer',
  name: 'string',
  loanCount: 'integer',
  createdAt: 'datetime',
  updatedAt: 'datetime',
});

export const clientListRoute = defineRoute({
  method: 'GET',
  path: '/api/clients',
  tag: 'clients',
  summary: 'List clients',
  description: "A client's loans are GET api/loans?$filter=clientId eq {id}.",
  query: listQuery,
  response: listOf(clientListShape),
  list: true,
});

export const clientGetRoute = defineRoute({
  method: 'GET',
  path: '/api/clients/:id',
  tag: 'clients',
  summary: 'One client',
  params: idParams,
  response: clientSchema,
});

export const clientCreateRoute = defineRoute({
  method: 'POST',
  path: '/api/clients',
  tag: 'clients',
  summary: 'Create a client',
  body: clientCreateBody,
  response: clientSchema,
});

export const clientEditRoute = defineRoute({
  method: 'PUT',
  path: '/api/clients/:id',
  tag: 'clients',
  summary: 'Rename a client',
  params: idParams,
  body: clientEditBody,
  response: clientSchema,
});
