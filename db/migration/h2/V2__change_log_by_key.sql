-- State at a revision (snapshot lists, initial watch events, compaction): the newest change of each
-- key up to a revision, found by seeking in this index in key order.
CREATE INDEX change_log_by_key ON change_log (api_group, resource, namespace, name, resource_version);
