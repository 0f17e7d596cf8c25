package dev.customapiserver.storage.jpa;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

/**
 * Row of {@code change_log}: one per write, keyed by the write's resourceVersion, so reading it in
 * key order replays the database's history in commit order. {@code data} is the object after the
 * write; for {@code DELETED} its last state carrying the deletion's resourceVersion.
 */
@Entity
@Table(name = "change_log")
class ChangeRecord {
  /** What a write did, named as watch events name it. */
  enum Type { ADDED, MODIFIED, DELETED }

  @Id
  @Column(name = "resource_version")
  long resourceVersion;
  @Column(name = "api_group")
  String apiGroup;
  @Column(name = "resource")
  String resource;
  @Column(name = "namespace")
  String namespace;
  @Column(name = "name")
  String name;
  @Column(name = "event_type")
  String eventType;
  @Column(name = "prev_resource_version")
  Long prevResourceVersion;
  @Column(name = "data")
  String data;

  protected ChangeRecord() {}

  ChangeRecord(long resourceVersion, Location at, Type type, Long prevResourceVersion, String data) {
    this.resourceVersion = resourceVersion;
    this.apiGroup = at.group();
    this.resource = at.resource();
    this.namespace = at.key().namespace();
    this.name = at.key().name();
    this.eventType = type.name();
    this.prevResourceVersion = prevResourceVersion;
    this.data = data;
  }
}
