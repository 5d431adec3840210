import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { siteConfig } from '../../app/site-config';
import { PageTitle } from '../../shared/layout/page-title';

const faqs: readonly { question: string; answer: ReactNode }[] = [
  {
    question: 'How do I view my investments?',
    answer: (
      <>
        Open{' '}
        <Link component={RouterLink} to="/portfolio">
          Portfolio
        </Link>
        . Each investment account has a panel with its principal outstanding and tabs for Deployed, In Arrears, Pending
        and Closed investments. Choose an investment to see its details and repayments.
      </>
    ),
  },
  {
    question: 'How do I add funds to my account?',
    answer: (
      <>
        Pay by BPAY from your bank using the biller code and reference number shown on the{' '}
        <Link component={RouterLink} to="/profile/deposit">
          Deposit Funds
        </Link>{' '}
        tab of your Profile. Funds may take 2-3 business days to arrive; BPAY payments made after 6pm Sydney/Melbourne
        time on a business day may be delayed.
      </>
    ),
  },
  {
    question: 'Where can I see loans to invest in?',
    answer: (
      <>
        The{' '}
        <Link component={RouterLink} to="/marketplace">
          Marketplace
        </Link>{' '}
        lists the loans open for funding. Choose a loan to see its details, then Invest to fund part of it from one of
        your accounts.
      </>
    ),
  },
  {
    question: 'What does the map of investments by state show?',
    answer:
      'On your Dashboard, Investment by State shades each Australian state and territory by the amount you have invested in loans to businesses there.',
  },
  {
    question: 'What does the industry chart show?',
    answer:
      'On your Dashboard, Investment by Industry is a radar chart of how your invested amount is spread across the industries of the businesses you have lent to.',
  },
  {
    question: 'How do I withdraw funds?',
    answer: (
      <>
        On the{' '}
        <Link component={RouterLink} to="/profile/withdraw">
          Withdraw Funds
        </Link>{' '}
        tab of your Profile, choose the account, enter the amount and the bank account, and lodge the request. We email
        you a 6-digit code to verify the withdrawal.
      </>
    ),
  },
  {
    question: 'How do I change my password?',
    answer: (
      <>
        Use the{' '}
        <Link component={RouterLink} to="/profile/change-password">
          Change Password
        </Link>{' '}
        tab of your Profile: enter your current password and the new one twice. If you have forgotten it, use Forgot
        Password on the login page.
      </>
    ),
  },
];

/** The FAQ of investor-and-admin §2: seven questions and the support hours. */
export default function FaqPage() {
  return (
    <>
      <PageTitle title="Frequently Asked Questions" />
      {faqs.map((faq, index) => (
        <Accordion key={faq.question} disableGutters slots={{ heading: 'h2' }}>
          <AccordionSummary expandIcon={<ExpandMoreIcon />} id={`faq-${index}-header`} aria-controls={`faq-${index}`}>
            <Typography component="span" variant="subtitle1">
              {faq.question}
            </Typography>
          </AccordionSummary>
          <AccordionDetails id={`faq-${index}`}>
            <Typography>{faq.answer}</Typography>
          </AccordionDetails>
        </Accordion>
      ))}
      <Alert severity="info" sx={{ mt: 3 }}>
        Our support team is available {siteConfig.supportHours} on {siteConfig.supportPhone}.
      </Alert>
    </>
  );
}
