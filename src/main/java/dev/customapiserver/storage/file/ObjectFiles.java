package dev.customapiserver.storage.file;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.fasterxml.jackson.dataformat.yaml.YAMLGenerator;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/** Reads and writes object files: YAML on disk, the codec's JSON in memory; writes are atomic and durable. */
final class ObjectFiles {
  private final ObjectMapper json = new ObjectMapper();
  private final ObjectMapper yaml = new ObjectMapper(new YAMLFactory()
      .disable(YAMLGenerator.Feature.WRITE_DOC_START_MARKER).enable(YAMLGenerator.Feature.MINIMIZE_QUOTES));

  byte[] toYaml(byte[] jsonBytes) throws IOException {
    return yaml.writeValueAsBytes(json.readTree(jsonBytes));
  }

  /** The object of a file as JSON. @throws IOException for a file that is no YAML mapping */
  byte[] toJson(byte[] yamlBytes) throws IOException {
    JsonNode tree = yaml.readTree(yamlBytes);
    if (tree == null || !tree.isObject()) {
      throw new IOException("not a YAML mapping");
    }
    return json.writeValueAsBytes(tree);
  }

  /** Writes {@code content} to a temporary file beside {@code file}, fsyncs it, renames it over {@code file}, fsyncs the folder. */
  static void writeAtomically(Path file, byte[] content) throws IOException {
    Path dir = file.getParent();
    Files.createDirectories(dir);
    Path tmp = Files.createTempFile(dir, ".tmp-", ".part");
    try {
      try (FileChannel c = FileChannel.open(tmp, StandardOpenOption.WRITE, StandardOpenOption.TRUNCATE_EXISTING)) {
        ByteBuffer b = ByteBuffer.wrap(content);
        while (b.hasRemaining()) {
          c.write(b);
        }
        c.force(true);
      }
      Files.move(tmp, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
    } finally {
      Files.deleteIfExists(tmp);
    }
    syncDirectory(dir);
  }

  static void delete(Path file) throws IOException {
    Files.deleteIfExists(file);
    syncDirectory(file.getParent());
  }

  private static void syncDirectory(Path dir) throws IOException {
    try (FileChannel c = FileChannel.open(dir, StandardOpenOption.READ)) {
      c.force(true);
    }
  }

  static String sha(byte[] content) {
    try {
      return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(content));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }
}
