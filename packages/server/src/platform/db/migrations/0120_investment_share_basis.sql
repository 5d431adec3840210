-- A holding opened by a secondary sale stands for part of the investment it was sold from. Its
-- share of the loan's repayments (what the investment screens and the portfolio show as due) is
-- share_basis / loan amount: the sold investment's basis (its invested amount, or its own
-- share_basis) times this holding's principal over the principal the sale split (docs/domain.md
-- "Secondary sale of an investment"). Null for an investment made by investing: its basis is its
-- invested amount.
alter table investments add column share_basis numeric(20,2) check (share_basis > 0);
