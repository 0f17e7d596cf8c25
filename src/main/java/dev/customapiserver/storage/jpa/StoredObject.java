package dev.customapiserver.storage.jpa;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.IdClass;
import jakarta.persistence.Table;
import java.io.Serializable;
import java.util.Objects;

/** Row of {@code stored_objects}: the current state of one object (storage-version JSON). */
@Entity
@Table(name = "stored_objects")
@IdClass(StoredObject.Key.class)
class StoredObject {
  @Id
  @Column(name = "api_group")
  String apiGroup;
  @Id
  @Column(name = "resource")
  String resource;
  @Id
  @Column(name = "namespace")
  String namespace;
  @Id
  @Column(name = "name")
  String name;
  @Column(name = "uid")
  String uid;
  @Column(name = "resource_version")
  long resourceVersion;
  @Column(name = "data")
  String data;

  protected StoredObject() {}

  StoredObject(Location at, String uid, long resourceVersion, String data) {
    this.apiGroup = at.group();
    this.resource = at.resource();
    this.namespace = at.key().namespace();
    this.name = at.key().name();
    this.uid = uid;
    this.resourceVersion = resourceVersion;
    this.data = data;
  }

  /** The primary key (api group, resource, namespace, name). */
  static final class Key implements Serializable {
    private static final long serialVersionUID = 1L;
    String apiGroup;
    String resource;
    String namespace;
    String name;

    Key() {}

    Key(Location at) {
      this.apiGroup = at.group();
      this.resource = at.resource();
      this.namespace = at.key().namespace();
      this.name = at.key().name();
    }

    @Override
    public boolean equals(Object o) {
      return o instanceof Key k && apiGroup.equals(k.apiGroup) && resource.equals(k.resource)
          && namespace.equals(k.namespace) && name.equals(k.name);
    }

    @Override
    public int hashCode() {
      return Objects.hash(apiGroup, resource, namespace, name);
    }
  }
}
