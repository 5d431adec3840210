import { applicationListShape, sophisticatedCertificateValidityYears } from '@lm/domain';
import { bindListResource } from '../platform/list-query';
import { certificateIssueDatePath } from './application-data';

/** A text of the stored application data at a dot path, as SQL (`data #>> '{register,email}'`). */
function dataText(dotPath: string): string {
  return `(a.data #>> '{${dotPath.split('.').join(',')}}')`;
}

/** The certificate's issue date when it is a date; anything else reads as none. */
const issueDate = `(case when ${dataText(certificateIssueDatePath)} ~ '^\\d{4}-\\d{2}-\\d{2}$' then (${dataText(certificateIssueDatePath)})::date end)`;

/**
 * GET api/onboarding/applications: filtered by ID (eq), Application ID (contains), Creation Date
 * (ge/le); default sort creation date descending (investor-and-admin §2 "Onboarding review", §9).
 */
export const applicationsResource = bindListResource(applicationListShape, {
  name: 'onboarding applications',
  from: 'onboarding_applications a',
  fields: {
    id: 'a.id',
    applicationId: 'a.application_id',
    instanceId: 'a.instance_id',
    status: 'a.status',
    creationDate: 'a.creation_date',
    finalisedDate: 'a.finalised_date',
    thirdPartyId: 'a.third_party_id',
    version: 'a.version',
    investorType: `coalesce(${dataText('investingEntityDetails.investorType')}, '')`,
    accreditationLevel: `coalesce(${dataText('investingEntityDetails.investorAccreditationLevel')}, '')`,
    entityName: `coalesce(${dataText('investingEntityDetails.name')}, '')`,
    firstName: `coalesce(${dataText('register.firstName')}, '')`,
    lastName: `coalesce(${dataText('register.lastName')}, '')`,
    email: `coalesce(${dataText('register.email')}, '')`,
    certificateIssueDate: issueDate,
    certificateExpiryDate: `(${issueDate} + interval '${sophisticatedCertificateValidityYears} years')::date`,
    investorId: { sql: '(select i.id from investors i where i.user_id = a.created_user_id)', sort: false },
  },
  defaultOrderBy: 'creationDate desc',
});
