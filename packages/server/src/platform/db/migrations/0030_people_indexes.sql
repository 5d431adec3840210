-- Investors, investor groups and staff: indexes for the people lists and the links between them
-- (an account's group, an investor's groups, the staff list filtered by type).
create index investment_accounts_group on investment_accounts (investment_group_id) where investment_group_id is not null;
create index investment_group_investors_investor on investment_group_investors (investor_id);
create index users_type on users (type, id);
