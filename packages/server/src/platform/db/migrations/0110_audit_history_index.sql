-- The History tab reads one record's audit records newest first, a page at a time: the index
-- serves the lookup and the order together (it replaces the plain (object_type, object_id) one).
create index audit_log_object_recent on audit_log (object_type, object_id, occurred_at desc, id desc);
drop index audit_log_object;
