-- Dates and date-times in list filters (docs/decisions/004-list-queries.md). The list engine sends
-- every value as text and lets PostgreSQL cast it, but the casts from text to date and timestamptz
-- are only stable (they read the TimeZone and DateStyle settings), so PostgreSQL does not fold them
-- into a constant when it plans: `finalised_date >= cast(cast($1 as text) as timestamptz)` parsed
-- the text again for every row a scan filters. On the transactions list's count over the scale-1
-- book (a parallel scan of 1,000,000 rows) that doubled the time of the query.
--
-- These two functions cast under fixed settings, so their result depends on the text alone and
-- they are truly immutable: the planner evaluates them once, with the statement's parameter, and
-- plans and estimates with the value. The engine only passes them text it has checked: a calendar
-- date YYYY-MM-DD, or an ISO 8601 date-time with Z or an offset.
create function list_query_date(value text) returns date
  language sql immutable strict parallel safe
  set timezone = 'UTC' set datestyle = 'ISO, YMD'
  as $$ select value::date $$;

create function list_query_timestamptz(value text) returns timestamptz
  language sql immutable strict parallel safe
  set timezone = 'UTC' set datestyle = 'ISO, YMD'
  as $$ select value::timestamptz $$;
