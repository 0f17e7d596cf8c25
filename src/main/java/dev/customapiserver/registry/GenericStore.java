package dev.customapiserver.registry;

import dev.customapiserver.admission.Operation;
import dev.customapiserver.api.errors.ApiException;
import dev.customapiserver.api.errors.Errors;
import dev.customapiserver.api.errors.FieldError;
import dev.customapiserver.api.meta.DeleteOptions;
import dev.customapiserver.api.meta.KubeObject;
import dev.customapiserver.api.meta.ObjectMeta;
import dev.customapiserver.runtime.Codecs;
import dev.customapiserver.runtime.ResourceType;
import dev.customapiserver.runtime.StorageCodec;
import dev.customapiserver.storage.ListPage;
import dev.customapiserver.storage.ListRequest;
import dev.customapiserver.storage.ObjectKey;
import dev.customapiserver.storage.ResourceStore;
import dev.customapiserver.storage.StorageException;
import dev.customapiserver.storage.Watch;
import dev.customapiserver.storage.WatchEvent;
import dev.customapiserver.storage.WatchListener;
import dev.customapiserver.storage.WatchRequest;
import java.time.Clock;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.UUID;
import java.util.function.Predicate;
import java.util.function.UnaryOperator;

/**
 * The create/update/delete workflow for one resource, on hub objects: server-set metadata,
 * optimistic concurrency, generation, validation (metadata rules, Bean Validation, the kind's
 * strategy), admission (mutating before validation, validating after it, on dry runs too) and dry
 * run. Storage failures leave as API errors.
 *
 * @param <H> the hub type
 */
public final class GenericStore<H extends KubeObject> {
  /** The subresource whose writes change only {@code status}. */
  public static final String STATUS = "status";
  private final ResourceType<H> type;
  private final ResourceStore<H> store;
  private final StorageCodec<H> codec;
  private final Codecs codecs;
  private final ObjectValidator validator;
  private final Clock clock;
  private final NameGenerator names;
  private final Deleter<H> deleter;
  private final AdmissionCalls<H> admission;
  private final OpenWatches watches = new OpenWatches();
  private final boolean unconditionalUpdate;

  GenericStore(ResourceType<H> type, ResourceStore<H> store, StorageCodec<H> codec, Codecs codecs,
      ObjectValidator validator, Clock clock, NameGenerator names, AdmissionCalls<H> admission,
      boolean unconditionalUpdate) {
    this.unconditionalUpdate = unconditionalUpdate;
    this.type = type;
    this.store = store;
    this.codec = codec;
    this.codecs = codecs;
    this.validator = validator;
    this.clock = clock;
    this.names = names;
    this.deleter = new Deleter<>(type, store, codec, clock);
    this.admission = admission;
  }

  public ResourceType<H> type() {
    return type;
  }

  public H get(RegistryContext ctx, String name) {
    try {
      return store.get(key(ctx, name));
    } catch (StorageException e) {
      throw StorageErrors.translate(e, type.groupResource(), name);
    }
  }

  public ListPage<H> list(RegistryContext ctx, ListOptions opts) {
    opts.fields().requireKnown(type.fieldNames());
    Predicate<H> filter = h -> opts.labels().matches(h.metadata().labels)
        && (opts.fields().isEverything() || opts.fields().matches(type.fields(h)));
    String ns = type.namespaced() ? ctx.namespace() : null;
    try {
      ListPage<H> page = store.list(new ListRequest<>(ns, filter, opts.limit(), opts.continueToken(),
          opts.resourceVersion(), opts.match()));
      return unfiltered(opts) ? page : new ListPage<>(page.items(), page.resourceVersion(), page.continueToken(), null);
    } catch (StorageException e) {
      throw StorageErrors.translate(e, type.groupResource(), null);
    }
  }

  /**
   * Whether {@code opts} selects every object: as kube-apiserver's storage, only such a list tells
   * {@code remainingItemCount}; with a label or field selector the count would include objects the
   * selector leaves out, so kube leaves it unset.
   */
  private static boolean unfiltered(ListOptions opts) {
    return opts.labels().isEverything() && opts.fields().isEverything();
  }

  /**
   * Starts a watch of the objects {@code opts} selects (selectors and resourceVersion; limit,
   * continue and resourceVersionMatch play no part). A too old resourceVersion fails here, as 410
   * Expired, before any event.
   */
  public Watch watch(RegistryContext ctx, ListOptions opts, boolean sendInitialEvents, boolean bookmarks, WatchSink<H> sink) {
    opts.fields().requireKnown(type.fieldNames());
    Predicate<H> filter = h -> opts.labels().matches(h.metadata().labels)
        && (opts.fields().isEverything() || opts.fields().matches(type.fields(h)));
    String ns = type.namespaced() ? ctx.namespace() : null;
    WatchListener<H> listener = new WatchListener<>() {
      @Override
      public void onEvent(WatchEvent<H> event) {
        sink.onEvent(event);
      }

      @Override
      public void onClose(StorageException reason) {
        sink.onEnd(reason == null ? null : StorageErrors.translate(reason, type.groupResource(), null));
      }
    };
    try {
      return watches.track(store.watch(new WatchRequest<>(ns, filter, opts.resourceVersion(), sendInitialEvents, bookmarks),
          listener), sink);
    } catch (StorageException e) {
      throw StorageErrors.translate(e, type.groupResource(), null);
    }
  }

  /**
   * Ends every watch open on this store and any started later (their sinks hear {@code onEnd(null)}):
   * for a resource no longer served, as kube-apiserver ends a deleted custom resource's watches.
   */
  public void endWatches() {
    watches.endAll();
  }

  public H create(RegistryContext ctx, H obj, WriteOptions opts) {
    ObjectMeta m = obj.metadata();
    m.namespace = namespaceFor(ctx, m.namespace);
    admission.mutate(Operation.CREATE, ctx, "", obj, null, opts.dryRun());
    boolean generated = (m.name == null || m.name.isEmpty()) && m.generateName != null && !m.generateName.isEmpty();
    m.uid = UUID.randomUUID().toString();
    m.creationTimestamp = clock.instant().truncatedTo(ChronoUnit.SECONDS);
    m.generation = 1L;
    m.resourceVersion = null;
    m.deletionTimestamp = null;
    m.deletionGracePeriodSeconds = null;
    type.strategy().prepareForCreate(obj);
    for (int attempt = 0; ; attempt++) {
      if (generated) {
        m.name = names.generate(m.generateName);
      }
      List<FieldError> errs = new ArrayList<>(MetadataRules.validate(m, type.namespaced(), type.strategy()::nameProblems));
      errs.addAll(validator.validate(obj));
      errs.addAll(type.strategy().validate(obj));
      failIfInvalid(m.name, errs);
      type.strategy().canonicalize(obj);
      admission.validate(Operation.CREATE, ctx, "", obj, null, opts.dryRun());
      if (opts.dryRun()) {
        return obj;
      }
      try {
        return store.create(new ObjectKey(m.namespace, m.name), obj);
      } catch (StorageException e) {
        if (!(generated && e.reason() == StorageException.Reason.ALREADY_EXISTS && attempt < 5)) {
          throw StorageErrors.translate(e, type.groupResource(), m.name);
        }
      }
    }
  }

  /**
   * Replaces the object by what {@code updated} makes of (a private copy of) the current one: a PUT
   * ignores its argument, a patch applies itself to it. The result must carry the current
   * resourceVersion (else 409 Conflict) or, for a PUT, one at all (else 422).
   */
  public H update(RegistryContext ctx, String name, UnaryOperator<H> updated, WriteOptions opts) {
    return update(ctx, name, updated, opts, "");
  }

  /**
   * {@link #update(RegistryContext, String, UnaryOperator, WriteOptions)} through a subresource:
   * {@code ""} is the main resource; {@value #STATUS} keeps everything but {@code status} as stored
   * (see {@link dev.customapiserver.runtime.ResourceStrategy#prepareForStatusUpdate}); any other name
   * (e.g. {@code scale}) writes the object under the main resource's rules. The name is what
   * admission sees as the subresource.
   */
  public H update(RegistryContext ctx, String name, UnaryOperator<H> updated, WriteOptions opts, String subresource) {
    return update(ctx, name, updated, opts, subresource, true);
  }

  /**
   * {@link #update(RegistryContext, String, UnaryOperator, WriteOptions, String)} for an {@code updated}
   * that only reads the current object and returns a new one (a PUT, a patch, an apply): the current
   * object (the store's private copy of this attempt) is then the old object of admission and
   * validation as it is, without the further copy an {@code updated} that changes its argument needs.
   */
  public H updateReading(RegistryContext ctx, String name, UnaryOperator<H> updated, WriteOptions opts, String subresource) {
    return update(ctx, name, updated, opts, subresource, false);
  }

  private H update(RegistryContext ctx, String name, UnaryOperator<H> updated, WriteOptions opts, String subresource,
      boolean mayChangeCurrent) {
    ObjectKey key = key(ctx, name);
    try {
      return deleter.update(key, opts.dryRun(),
          current -> computeUpdate(ctx, name, current, updated, opts, subresource, mayChangeCurrent));
    } catch (StorageException e) {
      throw StorageErrors.translate(e, type.groupResource(), name);
    }
  }

  private H computeUpdate(RegistryContext ctx, String name, H current, UnaryOperator<H> updated, WriteOptions opts,
      String subresource, boolean mayChangeCurrent) {
    H old = mayChangeCurrent ? codec.copy(current) : current;
    H obj = updated.apply(current);
    ObjectMeta m = obj.metadata();
    ObjectMeta o = old.metadata();
    if (!name.equals(m.name)) {
      throw Errors.badRequest("the name of the object (" + Objects.toString(m.name, "") + ") does not match the name on the URL ("
          + name + ")");
    }
    m.namespace = namespaceFor(ctx, m.namespace);
    if ((m.resourceVersion == null || m.resourceVersion.isEmpty()) && unconditionalUpdate) {
      m.resourceVersion = o.resourceVersion; // kube's AllowUnconditionalUpdate: no precondition given, none checked
    }
    if (m.resourceVersion == null || m.resourceVersion.isEmpty()) {
      throw invalid(name, List.of(FieldError.invalid("metadata.resourceVersion", new FieldError.Raw("0x0"),
          "must be specified for an update")));
    }
    if (!m.resourceVersion.equals(o.resourceVersion)) {
      throw Errors.conflictModified(type.groupResource().qualified(), name);
    }
    m.uid = m.uid == null || m.uid.isEmpty() ? o.uid : m.uid;
    m.creationTimestamp = m.creationTimestamp == null ? o.creationTimestamp : m.creationTimestamp;
    m.generateName = m.generateName == null ? o.generateName : m.generateName;
    m.deletionTimestamp = o.deletionTimestamp;
    m.deletionGracePeriodSeconds = o.deletionGracePeriodSeconds;
    admission.mutate(Operation.UPDATE, ctx, subresource, obj, old, opts.dryRun());
    boolean status = STATUS.equals(subresource);
    if (status) {
      obj = StatusOnly.merge(old, obj, type.hubType(), codecs);
      m = obj.metadata();
      type.strategy().prepareForStatusUpdate(obj, old);
    } else {
      type.strategy().prepareForUpdate(obj, old);
      m.generation = codecs.specTree(obj).equals(codecs.specTree(old)) ? o.generation : (o.generation == null ? 1 : o.generation + 1);
    }
    List<FieldError> errs = new ArrayList<>(MetadataRules.validate(m, type.namespaced(), type.strategy()::nameProblems));
    errs.addAll(MetadataRules.validateUpdate(m, o));
    errs.addAll(validator.validate(obj));
    errs.addAll(status ? type.strategy().validateStatusUpdate(obj, old, ctx.warnings())
        : type.strategy().validateUpdate(obj, old, ctx.warnings()));
    failIfInvalid(name, errs);
    type.strategy().canonicalize(obj);
    admission.validate(Operation.UPDATE, ctx, subresource, obj, old, opts.dryRun());
    return obj;
  }

  /**
   * The object a connect-style subresource ({@link dev.customapiserver.runtime.Connector}) serves:
   * 404 for an unknown subresource or object; the point where admission sees CONNECT.
   */
  public H connect(RegistryContext ctx, String name, String subresource) {
    if (!type.connectors().containsKey(subresource)) {
      throw Errors.pathNotFound();
    }
    H obj = get(ctx, name);
    admission.connect(ctx, subresource, obj);
    return obj;
  }

  /**
   * The object a create-style subresource ({@link dev.customapiserver.runtime.Action}) acts on: 404
   * for an unknown subresource or object.
   */
  public H action(RegistryContext ctx, String name, String subresource) {
    if (!type.actions().containsKey(subresource)) {
      throw Errors.pathNotFound();
    }
    return get(ctx, name);
  }

  /** Deletes the object, or marks it as deleting while it has finalizers; see {@link #deleteWithResult}. */
  public H delete(RegistryContext ctx, String name, DeleteOptions opts) {
    return deleteWithResult(ctx, name, opts).object();
  }

  /**
   * Deletes the object: at once when it has no finalizers (after the propagation policy of
   * {@code opts} added the garbage collector's), else sets deletionTimestamp and keeps it until the
   * last finalizer is removed. Checks the preconditions of {@code opts}; a dry run stores nothing.
   */
  public DeleteResult<H> deleteWithResult(RegistryContext ctx, String name, DeleteOptions opts) {
    try {
      return deleter.delete(key(ctx, name), opts, current -> admission.delete(ctx, current, Deleter.isDryRun(opts)));
    } catch (StorageException e) {
      throw StorageErrors.translate(e, type.groupResource(), name);
    }
  }

  /** Deletes every object the options select (all pages), each as {@link #delete}; returns what was deleted or marked. */
  public List<H> deleteCollection(RegistryContext ctx, ListOptions opts, DeleteOptions d) {
    List<H> deleted = new ArrayList<>();
    ListOptions page = new ListOptions(opts.labels(), opts.fields(), 500, null, null, opts.match());
    while (true) {
      ListPage<H> p = list(ctx, page);
      for (H h : p.items()) {
        try {
          ObjectKey key = new ObjectKey(type.namespaced() ? h.metadata().namespace : "", h.metadata().name);
          deleted.add(deleter.delete(key, d, current -> admission.delete(ctx, current, Deleter.isDryRun(d))).object());
        } catch (StorageException e) {
          if (e.reason() != StorageException.Reason.NOT_FOUND) {
            throw StorageErrors.translate(e, type.groupResource(), h.metadata().name);
          }
        }
      }
      if (p.continueToken() == null) {
        return deleted;
      }
      page = new ListOptions(opts.labels(), opts.fields(), 500, p.continueToken(), null, opts.match());
    }
  }

  private String namespaceFor(RegistryContext ctx, String inBody) {
    if (!type.namespaced()) {
      return null;
    }
    if (inBody == null || inBody.isEmpty()) {
      return ctx.namespace();
    }
    if (ctx.namespace() != null && !inBody.equals(ctx.namespace())) {
      throw Errors.badRequest("the namespace of the provided object does not match the namespace sent on the request");
    }
    return inBody;
  }

  private ObjectKey key(RegistryContext ctx, String name) {
    return new ObjectKey(type.namespaced() ? ctx.namespace() : "", name);
  }

  private void failIfInvalid(String name, List<FieldError> errs) {
    if (!errs.isEmpty()) {
      throw invalid(name, errs);
    }
  }

  private ApiException invalid(String name, List<FieldError> errs) {
    return Errors.invalid(new Errors.Kind(type.group(), type.kind()), name, errs);
  }
}
