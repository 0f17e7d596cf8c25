-- Storage schema (MariaDB, InnoDB). Keys are ASCII with binary collation: byte order, as in Kubernetes, and short enough for the primary key.

-- One row: the newest resourceVersion handed out. Every write increments it inside its transaction;
-- the row lock serialises writers until commit, so commit order equals resourceVersion order.
-- compacted_revision: change-log rows at or below it may have been removed (watch resumption limit).
CREATE TABLE storage_revision (
  id                 INTEGER NOT NULL PRIMARY KEY,
  revision           BIGINT  NOT NULL,
  compacted_revision BIGINT  NOT NULL
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;
INSERT INTO storage_revision (id, revision, compacted_revision) VALUES (1, 0, 0);

-- The current state of every object: storage-version JSON with metadata.resourceVersion set.
CREATE TABLE stored_objects (
  api_group        VARCHAR(253) CHARACTER SET ascii COLLATE ascii_bin NOT NULL,
  resource         VARCHAR(253) CHARACTER SET ascii COLLATE ascii_bin NOT NULL,
  namespace        VARCHAR(253) CHARACTER SET ascii COLLATE ascii_bin NOT NULL,
  name             VARCHAR(253) CHARACTER SET ascii COLLATE ascii_bin NOT NULL,
  uid              VARCHAR(64),
  resource_version BIGINT NOT NULL,
  data             LONGTEXT NOT NULL,
  PRIMARY KEY (api_group, resource, namespace, name)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;

-- One row per write, in resourceVersion (= commit) order: the history watch replays.
-- data is the object after the write; for DELETED its last state carrying the deletion's RV.
-- prev_resource_version is the object's RV before the write (NULL for ADDED).
CREATE TABLE change_log (
  resource_version      BIGINT NOT NULL PRIMARY KEY,
  api_group             VARCHAR(253) CHARACTER SET ascii COLLATE ascii_bin NOT NULL,
  resource              VARCHAR(253) CHARACTER SET ascii COLLATE ascii_bin NOT NULL,
  namespace             VARCHAR(253) CHARACTER SET ascii COLLATE ascii_bin NOT NULL,
  name                  VARCHAR(253) CHARACTER SET ascii COLLATE ascii_bin NOT NULL,
  event_type            VARCHAR(8)   NOT NULL,
  prev_resource_version BIGINT,
  data                  LONGTEXT     NOT NULL
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;
-- watch of one resource from a resourceVersion
CREATE INDEX change_log_by_resource ON change_log (api_group, resource, resource_version);
