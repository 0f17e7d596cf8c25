package dev.customapiserver.storage.jpa;

import dev.customapiserver.storage.ObjectKey;
import dev.customapiserver.storage.StorageException;
import jakarta.persistence.EntityManager;
import jakarta.persistence.EntityManagerFactory;
import jakarta.persistence.PersistenceException;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Consumer;
import java.util.function.Function;
import org.eclipse.persistence.config.PersistenceUnitProperties;
import org.eclipse.persistence.exceptions.EclipseLinkException;
import org.eclipse.persistence.jpa.PersistenceProvider;

/**
 * The database and the two ways of using it: a read through the persistence unit, and a write
 * transaction in plain JDBC on the {@link WriteConnection} that commits unless the work asks for a
 * rollback. Every JPA or JDBC failure leaves here as a {@link StorageException}.
 */
final class Database implements AutoCloseable {
  static final String UNIT = "custom-apiserver-storage";

  private final EntityManagerFactory emf;
  /** Where write transactions run; used under the write lock only. */
  private final WriteConnection writer;
  /**
   * One write transaction at a time in this process, from drawing the revision to commit. The
   * counter row lock already orders writers across processes; in-process, H2 2.3.232 handed out
   * the same revision twice to concurrent transactions under load (seen in the consistency tests),
   * and an H2 file database serves one process only, so this lock is H2's whole guarantee. For the
   * server databases it merely moves the queue of writers into the JVM.
   */
  private final ReentrantLock writeLock = new ReentrantLock(true);
  /** Object writes waiting for the next group commit ({@link #writeGrouped}). */
  private final Queue<Grouped<?>> queue = new ConcurrentLinkedQueue<>();
  /**
   * Told after every commit, still under the write lock (so in commit order), the change-log rows
   * it wrote: hands them to the change-log tailer and wakes it.
   */
  private final Consumer<List<ChangeRow>> afterCommit;
  /** Sent inside every write transaction on PostgreSQL, delivered to listeners at commit; else null. */
  private final String notify;
  /** Told before every commit, to store the revisions the transaction drew. */
  private final Revisions revisions;

  /**
   * @param instance this process's id, the payload of its notifications on PostgreSQL (letters,
   *     digits and dashes only)
   */
  Database(ConnectionSource source, Vendor vendor, Revisions revisions, Consumer<List<ChangeRow>> afterCommit,
      String instance) {
    this.revisions = revisions;
    this.afterCommit = afterCommit;
    this.notify = vendor == Vendor.POSTGRESQL ? "NOTIFY " + PgNotifications.CHANNEL + ", '" + instance + "'" : null;
    Map<String, Object> props = source.persistenceProperties(vendor);
    props.put(PersistenceUnitProperties.CLASSLOADER, Database.class.getClassLoader());
    this.emf = new PersistenceProvider().createEntityManagerFactory(UNIT, props);
    if (emf == null) {
      throw new IllegalStateException("persistence unit " + UNIT + " not found (META-INF/persistence.xml)");
    }
    this.writer = new WriteConnection(source);
  }

  /** A write transaction's work; a {@link SQLException} rolls it back. */
  @FunctionalInterface
  interface Work<T> {
    T run(WriteTx tx) throws SQLException;
  }

  /** Runs {@code work} outside a transaction (each query sees the newest committed data). */
  <T> T read(ObjectKey key, Function<EntityManager, T> work) {
    EntityManager em = open(key);
    try {
      return work.apply(em);
    } catch (PersistenceException | EclipseLinkException e) {
      throw Failures.translate(e, key);
    } finally {
      em.close();
    }
  }

  /**
   * Runs {@code work} in a transaction and commits; when {@code work} returns {@code null} the
   * transaction is rolled back instead (a lost compare-and-swap) and {@code null} returned.
   */
  <T> T write(ObjectKey key, Work<T> work) {
    writeLock.lock();
    try {
      return writeLocked(key, work, result -> List.of());
    } finally {
      writeLock.unlock();
      if (!queue.isEmpty() && writeLock.tryLock()) { // grouped writes that queued meanwhile
        try {
          drain();
        } finally {
          writeLock.unlock();
        }
      }
    }
  }

  /** What a grouped write returns: its result and the one change-log row it wrote. */
  record Written<T>(T result, ChangeRow change) {}

  /**
   * Like {@link #write}, but concurrent callers share one transaction and one commit (group commit):
   * whoever holds the write lock runs every queued work, in queue order, in one transaction, and
   * commits once; each caller gets its own work's outcome after that commit. The revisions the
   * works draw are consecutive in queue order, so the committed revisions stay gap-free.
   *
   * <p>The contract for {@code work}: it may throw a {@link StorageException} only before it
   * changed anything, and it may return {@code null} (a lost compare-and-swap) only after undoing
   * what it did (e.g. giving its revision back, {@link Revisions#giveBack}); both outcomes leave the
   * shared transaction as it was. Any other failure rolls the whole group back, and then every work
   * of the group runs again alone in its own transaction, as {@link #write} would run it.
   */
  <T> T writeGrouped(ObjectKey key, Work<Written<T>> work) {
    Grouped<T> mine = new Grouped<>(key, work);
    queue.add(mine);
    while (true) {
      if (writeLock.tryLock()) {
        try {
          drain();
        } finally {
          writeLock.unlock();
        }
        if (!queue.isEmpty()) {
          continue; // queued while we held the lock; its caller may be waiting for us
        }
      } else if (!mine.outcome.isDone()) {
        await(mine, key);
        continue;
      }
      if (mine.outcome.isDone()) {
        break;
      }
    }
    return mine.result();
  }

  private static final int MAX_GROUP = 128;

  /**
   * Waits for the lock holder to run our work: whoever unlocks looks at the queue again afterwards,
   * so a queued work never waits for nobody; the timeout is a safety net only.
   */
  private static void await(Grouped<?> g, ObjectKey key) {
    try {
      g.outcome.get(1, TimeUnit.SECONDS);
    } catch (TimeoutException | ExecutionException e) {
      // not done yet (the caller tries for the lock again), or done with a failure (reported by result())
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new StorageException(StorageException.Reason.UNAVAILABLE, key, "interrupted waiting for a commit", e);
    }
  }

  private void drain() {
    while (!queue.isEmpty()) {
      List<Grouped<?>> group = new ArrayList<>();
      for (Grouped<?> g; group.size() < MAX_GROUP && (g = queue.poll()) != null; ) {
        group.add(g);
      }
      try {
        if (group.size() == 1 || !runGroup(group)) {
          for (Grouped<?> g : group) {
            g.runAlone();
          }
        }
      } catch (Error e) {
        group.forEach(g -> g.outcome.completeExceptionally(e));
        throw e;
      }
    }
  }

  /** Runs the group in one transaction; false (rolled back, nobody told) when it failed as a whole. */
  private boolean runGroup(List<Grouped<?>> group) {
    WriteTx tx;
    try {
      tx = writer.begin();
    } catch (SQLException | RuntimeException e) {
      return false;
    }
    List<Runnable> outcomes = new ArrayList<>(group.size());
    List<ChangeRow> changes = new ArrayList<>(group.size());
    boolean changed = false;
    try {
      for (Grouped<?> g : group) {
        outcomes.add(g.runIn(tx));
        if (g.written != null) {
          changes.add(g.written.change());
          changed = true;
        }
      }
      revisions.settle(tx);
      if (notify != null && changed) {
        tx.statement(notify).execute();
      }
      tx.commit();
    } catch (SQLException e) { // the group failed as a whole: each work runs again alone
      tx.rollback(true);
      return false;
    } catch (RuntimeException e) {
      tx.rollback(false);
      return false;
    } catch (Error e) { // never left open on the kept connection, to be committed by the next group
      tx.rollback(true);
      throw e;
    }
    if (changed) {
      afterCommit.accept(changes);
    }
    outcomes.forEach(Runnable::run);
    return true;
  }

  /** One caller's work waiting in the group-commit queue. */
  private final class Grouped<T> {
    final ObjectKey key;
    final Work<Written<T>> work;
    final CompletableFuture<T> outcome = new CompletableFuture<>();
    Written<T> written;

    Grouped(ObjectKey key, Work<Written<T>> work) {
      this.key = key;
      this.work = work;
    }

    /** Runs the work in the shared transaction; the returned action tells the caller, after commit. */
    Runnable runIn(WriteTx tx) throws SQLException {
      written = null;
      try {
        Written<T> w = work.run(tx);
        written = w;
        return () -> outcome.complete(w == null ? null : w.result());
      } catch (StorageException e) {
        return () -> outcome.completeExceptionally(e);
      }
    }

    void runAlone() {
      try {
        Written<T> w = writeLocked(key, work, done -> List.of(done.change()));
        outcome.complete(w == null ? null : w.result());
      } catch (RuntimeException e) {
        outcome.completeExceptionally(e);
      }
    }

    T result() {
      try {
        return outcome.join();
      } catch (CompletionException e) {
        if (e.getCause() instanceof RuntimeException r) {
          throw r;
        }
        throw e;
      }
    }
  }

  private <T> T writeLocked(ObjectKey key, Work<T> work, Function<T, List<ChangeRow>> changes) {
    WriteTx tx;
    try {
      tx = writer.begin();
    } catch (SQLException e) {
      throw Failures.translate(e, key);
    }
    T result;
    try {
      result = work.run(tx);
      if (result == null) {
        tx.rollback(false);
        return null;
      }
      revisions.settle(tx);
      if (notify != null) {
        tx.statement(notify).execute();
      }
      tx.commit();
    } catch (SQLException e) {
      tx.rollback(true);
      throw Failures.translate(e, key);
    } catch (RuntimeException e) {
      tx.rollback(false);
      throw e;
    } catch (Error e) {
      tx.rollback(true);
      throw e;
    }
    afterCommit.accept(changes.apply(result));
    return result;
  }

  private EntityManager open(ObjectKey key) {
    try {
      return emf.createEntityManager();
    } catch (PersistenceException | EclipseLinkException e) {
      throw Failures.translate(e, key);
    } catch (IllegalStateException e) {
      throw new StorageException(StorageException.Reason.UNAVAILABLE, key, "storage is closed", e);
    }
  }

  /** Closes the database; waits (a while) for the write transaction in progress. */
  @Override
  public void close() {
    boolean locked = false;
    try {
      locked = writeLock.tryLock(5, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    try {
      writer.close();
    } finally {
      if (locked) {
        writeLock.unlock();
      }
    }
    if (emf.isOpen()) {
      emf.close();
    }
  }

  /** A failure to reach or prepare the database. */
  static StorageException unavailable(String message, Throwable cause) {
    return new StorageException(StorageException.Reason.UNAVAILABLE, null, message, cause);
  }
}
