package dev.customapiserver.endpoints.watch;

import jakarta.servlet.ServletOutputStream;
import jakarta.servlet.WriteListener;
import jakarta.servlet.http.HttpServletResponse;
import jakarta.servlet.http.HttpServletResponseWrapper;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.Writer;
import java.util.function.BooleanSupplier;

/**
 * The response Jersey sees in front of a watch ({@link WatchHandOff}): status and headers pass
 * through; once the watch has claimed the response ({@code held}), its body, length and commits
 * are swallowed, so the response stays open for the stream's own non-blocking writes.
 */
final class HeldBodyResponse extends HttpServletResponseWrapper {
  private final BooleanSupplier held;

  HeldBodyResponse(HttpServletResponse response, BooleanSupplier held) {
    super(response);
    this.held = held;
  }

  @Override
  public ServletOutputStream getOutputStream() throws IOException {
    return held.getAsBoolean() ? DISCARD : super.getOutputStream();
  }

  @Override
  public PrintWriter getWriter() throws IOException {
    return held.getAsBoolean() ? new PrintWriter(Writer.nullWriter()) : super.getWriter();
  }

  @Override
  public void setContentLength(int len) {
    if (!held.getAsBoolean()) {
      super.setContentLength(len);
    }
  }

  @Override
  public void setContentLengthLong(long len) {
    if (!held.getAsBoolean()) {
      super.setContentLengthLong(len);
    }
  }

  @Override
  public void setHeader(String name, String value) {
    if (!(held.getAsBoolean() && "Content-Length".equalsIgnoreCase(name))) {
      super.setHeader(name, value);
    }
  }

  @Override
  public void addHeader(String name, String value) {
    if (!(held.getAsBoolean() && "Content-Length".equalsIgnoreCase(name))) {
      super.addHeader(name, value);
    }
  }

  @Override
  public void flushBuffer() throws IOException {
    if (!held.getAsBoolean()) {
      super.flushBuffer();
    }
  }

  private static final ServletOutputStream DISCARD = new ServletOutputStream() {
    @Override
    public boolean isReady() {
      return true;
    }

    @Override
    public void setWriteListener(WriteListener listener) {
      throw new IllegalStateException("not for a held response");
    }

    @Override
    public void write(int b) {
      // held back: the watch stream writes the body
    }

    @Override
    public void write(byte[] b, int off, int len) {
      // held back
    }
  };
}
