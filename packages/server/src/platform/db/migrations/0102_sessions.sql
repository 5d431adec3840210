-- Sessions (ADR 003): one row per login, its id the refresh-token family id and the `sid` claim of
-- every access token issued in it. Each request checks its session is not revoked, so logout,
-- refresh-token reuse and a password change end the session's access tokens at once.
create table sessions (
  id uuid primary key,
  user_id bigint not null references users (id),
  created_at timestamptz not null default now(),
  revoked_at timestamptz
);
create index sessions_user_live on sessions (user_id) where revoked_at is null;

-- the sessions that exist already: one per refresh-token family, revoked when all of it is
insert into sessions (id, user_id, created_at, revoked_at)
select family_id, min(user_id), min(created_at),
       case when bool_and(revoked_at is not null) then max(revoked_at) end
from refresh_tokens
group by family_id;

alter table refresh_tokens add constraint refresh_tokens_session foreign key (family_id) references sessions (id);
