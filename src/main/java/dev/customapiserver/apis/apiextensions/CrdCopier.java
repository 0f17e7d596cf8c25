package dev.customapiserver.apis.apiextensions;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.customapiserver.runtime.KindConverter;

/**
 * v1 and the hub have the same fields: conversion is a deep copy into the other class (so setting
 * apiVersion and kind on the way out never touches the stored object).
 */
public final class CrdCopier implements KindConverter<CustomResourceDefinition, CustomResourceDefinitionV1> {
  private final ObjectMapper json = new ObjectMapper();

  @Override
  public CustomResourceDefinition toHub(CustomResourceDefinitionV1 versioned) {
    return copy(versioned, new CustomResourceDefinition());
  }

  @Override
  public CustomResourceDefinitionV1 fromHub(CustomResourceDefinition hub) {
    return copy(hub, new CustomResourceDefinitionV1());
  }

  public CustomResourceDefinition.Status copyStatus(CustomResourceDefinition.Status status) {
    return json.convertValue(status, CustomResourceDefinition.Status.class);
  }

  private <T extends CustomResourceDefinition> T copy(CustomResourceDefinition in, T c) {
    c.apiVersion = in.apiVersion;
    c.kind = in.kind;
    c.metadata = in.metadata == null ? null : in.metadata.copy();
    c.spec = in.spec == null ? null : json.convertValue(in.spec, CustomResourceDefinition.Spec.class);
    c.status = in.status == null ? null : copyStatus(in.status);
    return c;
  }
}
