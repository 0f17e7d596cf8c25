package dev.customapiserver.filters;

import jakarta.servlet.ServletOutputStream;
import jakarta.servlet.WriteListener;
import jakarta.servlet.http.HttpServletResponse;
import jakarta.servlet.http.HttpServletResponseWrapper;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.nio.charset.Charset;

/**
 * The response as the handler of a request with a timeout sees it: until {@link #expire} it passes
 * everything through; afterwards the response belongs to the timeout's 504 and whatever the
 * handler still sets is dropped and what it writes fails (as a handler's write fails in kube once
 * its request timed out). Status, headers and body go through one lock, so the 504 never mixes
 * with the handler's output.
 */
final class TimeoutResponse extends HttpServletResponseWrapper {
  /** Writes the timeout's answer to the real response. */
  interface Answer {
    void write(HttpServletResponse real) throws IOException;
  }

  private final Object lock = new Object();
  private boolean timedOut;
  private boolean finished;
  private ServletOutputStream stream;
  private PrintWriter writer;

  TimeoutResponse(HttpServletResponse response) {
    super(response);
  }

  /** The time is up: answers with {@code answer} unless the handler has finished or already committed a response. */
  boolean expire(Answer answer) {
    synchronized (lock) {
      HttpServletResponse real = (HttpServletResponse) getResponse();
      if (finished || timedOut || real.isCommitted()) {
        return false;
      }
      timedOut = true;
      try {
        real.reset();
        answer.write(real);
        real.flushBuffer();
      } catch (IOException | IllegalStateException e) {
        // the client went away; nothing more to tell it
      }
      return true;
    }
  }

  /** The handler returned. */
  void finish() {
    synchronized (lock) {
      finished = true;
    }
  }

  private boolean open() {
    return !timedOut;
  }

  @Override
  public void setStatus(int sc) {
    synchronized (lock) {
      if (open()) {
        super.setStatus(sc);
      }
    }
  }

  @Override
  public void sendError(int sc, String msg) throws IOException {
    synchronized (lock) {
      if (open()) {
        super.sendError(sc, msg);
      }
    }
  }

  @Override
  public void sendError(int sc) throws IOException {
    synchronized (lock) {
      if (open()) {
        super.sendError(sc);
      }
    }
  }

  @Override
  public void sendRedirect(String location) throws IOException {
    synchronized (lock) {
      if (open()) {
        super.sendRedirect(location);
      }
    }
  }

  @Override
  public void setHeader(String name, String value) {
    synchronized (lock) {
      if (open()) {
        super.setHeader(name, value);
      }
    }
  }

  @Override
  public void addHeader(String name, String value) {
    synchronized (lock) {
      if (open()) {
        super.addHeader(name, value);
      }
    }
  }

  @Override
  public void setIntHeader(String name, int value) {
    synchronized (lock) {
      if (open()) {
        super.setIntHeader(name, value);
      }
    }
  }

  @Override
  public void addIntHeader(String name, int value) {
    synchronized (lock) {
      if (open()) {
        super.addIntHeader(name, value);
      }
    }
  }

  @Override
  public void setDateHeader(String name, long date) {
    synchronized (lock) {
      if (open()) {
        super.setDateHeader(name, date);
      }
    }
  }

  @Override
  public void addDateHeader(String name, long date) {
    synchronized (lock) {
      if (open()) {
        super.addDateHeader(name, date);
      }
    }
  }

  @Override
  public void setContentType(String type) {
    synchronized (lock) {
      if (open()) {
        super.setContentType(type);
      }
    }
  }

  @Override
  public void setContentLength(int len) {
    synchronized (lock) {
      if (open()) {
        super.setContentLength(len);
      }
    }
  }

  @Override
  public void setContentLengthLong(long len) {
    synchronized (lock) {
      if (open()) {
        super.setContentLengthLong(len);
      }
    }
  }

  @Override
  public void setCharacterEncoding(String charset) {
    synchronized (lock) {
      if (open()) {
        super.setCharacterEncoding(charset);
      }
    }
  }

  @Override
  public void reset() {
    synchronized (lock) {
      if (open()) {
        super.reset();
      }
    }
  }

  @Override
  public void resetBuffer() {
    synchronized (lock) {
      if (open()) {
        super.resetBuffer();
      }
    }
  }

  @Override
  public void flushBuffer() throws IOException {
    synchronized (lock) {
      if (open()) {
        super.flushBuffer();
      }
    }
  }

  @Override
  public ServletOutputStream getOutputStream() throws IOException {
    synchronized (lock) {
      if (stream == null) {
        stream = new Guarded(super.getOutputStream());
      }
      return stream;
    }
  }

  @Override
  public PrintWriter getWriter() throws IOException {
    synchronized (lock) {
      if (writer == null) {
        String charset = getCharacterEncoding();
        writer = new PrintWriter(new OutputStreamWriter(getOutputStream(),
            charset == null ? Charset.forName("ISO-8859-1") : Charset.forName(charset)));
      }
      return writer;
    }
  }

  /** The handler's body: written while the request has time, refused afterwards. */
  private final class Guarded extends ServletOutputStream {
    private final ServletOutputStream real;

    Guarded(ServletOutputStream real) {
      this.real = real;
    }

    private void check() throws IOException {
      if (timedOut) {
        throw new IOException("the request timed out; its response was already sent");
      }
    }

    @Override
    public void write(int b) throws IOException {
      synchronized (lock) {
        check();
        real.write(b);
      }
    }

    @Override
    public void write(byte[] b, int off, int len) throws IOException {
      synchronized (lock) {
        check();
        real.write(b, off, len);
      }
    }

    @Override
    public void flush() throws IOException {
      synchronized (lock) {
        if (!timedOut) {
          real.flush();
        }
      }
    }

    @Override
    public void close() throws IOException {
      synchronized (lock) {
        if (!timedOut) {
          real.close();
        }
      }
    }

    @Override
    public boolean isReady() {
      return real.isReady();
    }

    @Override
    public void setWriteListener(WriteListener listener) {
      real.setWriteListener(listener);
    }
  }
}
