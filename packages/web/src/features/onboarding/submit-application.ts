import type { ApplicationSubmitted } from '@lm/domain';
import { submitApplicationRoute } from '@lm/domain/routes';
import { callRoute } from '../../shared/api/call-route';

/**
 * POST api/onboarding/user/applications (investor-and-admin §7 "Onboarding (public)"): the
 * multipart of DESIGN §1, without a token (the applicant is anonymous). Kept apart from the review's
 * calls so the public /invest chunk carries nothing of the staff lists.
 */
export async function submitApplication(body: FormData): Promise<ApplicationSubmitted> {
  return (await callRoute(submitApplicationRoute, { body, auth: false })).data;
}
