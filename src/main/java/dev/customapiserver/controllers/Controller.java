package dev.customapiserver.controllers;

/** A control loop the server starts once it serves and stops before its storage closes. */
public interface Controller extends AutoCloseable {

  /** Starts working in the background; returns at once. */
  void start();

  /** Stops the loop and its watches; idempotent. */
  @Override
  void close();
}
