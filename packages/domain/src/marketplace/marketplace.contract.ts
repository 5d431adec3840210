import type { z } from 'zod';
import { defineRoute, idParams, type ListRow, listOf, listQuery, listRowSchema, listShape } from '../contract';
import { publicLoanFields } from '../loans/loans.contract';

/**
 * The marketplace routes (spec core §2.6; paths of DESIGN §1): the loans open for funding now, to
 * every role, with the public fields and details only.
 */

export const marketplaceLoanDetailsListShape = listShape({
  loanId: 'integer',
  loanPurpose: 'string?',
  industryType: 'string?',
  businessAge: 'string?',
  directorCount: 'integer?',
  employeeCount: 'integer?',
  companyRevenue: 'money?',
  companyState: 'string?',
  bankruptciesLegalActionsCollections: 'string?',
  securityType: 'string?',
  financialAccountsType: 'string?',
  financialAccountsDate: 'date?',
  loanStory: 'string?',
});

export const marketplaceLoanListShape = listShape(publicLoanFields, { loanDetails: marketplaceLoanDetailsListShape });

export const marketplaceLoanListRoute = defineRoute({
  method: 'GET',
  path: '/api/marketplace/loans',
  tag: 'marketplace',
  summary: 'Marketplace loans',
  description: 'Loans open for funding now, by expiry ascending.',
  query: listQuery,
  response: listOf(marketplaceLoanListShape),
  list: true,
});

export const marketplaceLoanRoute = defineRoute({
  method: 'GET',
  path: '/api/marketplace/loans/:id',
  tag: 'marketplace',
  summary: 'One marketplace loan',
  description: 'With its details; 404 unless the loan is on the marketplace now.',
  params: idParams,
  // every field (no $select), with its details
  response: listRowSchema(marketplaceLoanListShape) as unknown as z.ZodType<ListRow<typeof marketplaceLoanListShape>>,
});
