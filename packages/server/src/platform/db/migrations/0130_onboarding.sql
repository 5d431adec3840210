-- Investor onboarding (docs/api.md "Investor onboarding").

-- The review list: newest first, and the pending ones (no finalised date) on their own.
create index onboarding_applications_creation on onboarding_applications (creation_date desc, id desc);
create index onboarding_applications_pending on onboarding_applications (creation_date desc, id desc)
  where finalised_date is null;
create index onboarding_files_application on onboarding_files (application_id);
create index onboarding_approvals_application on onboarding_approvals (application_id);

-- The notice an investor is mailed a month before their sophisticated-investor certificate
-- expires: one per investor and expiry date, so a renewed certificate is noticed again.
create table certificate_expiry_notices (
  investor_id bigint not null references investors (id),
  expiry_date date not null,
  sent_at timestamptz not null,
  primary key (investor_id, expiry_date)
);
