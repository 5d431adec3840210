-- The platform's own ledger accounts (DOMAIN.md "Ledger accounts and who owns them").
insert into ledger_accounts (kind, name) values
  ('TRUST_BANK', 'Trust bank account'),
  ('REVENUE', 'Lender revenue'),
  ('TAX_WITHHELD_PAYABLE', 'Tax withheld payable');
