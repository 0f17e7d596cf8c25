package dev.customapiserver.filters;

import jakarta.servlet.ServletOutputStream;
import jakarta.servlet.WriteListener;
import jakarta.servlet.http.HttpServletResponse;
import jakarta.servlet.http.HttpServletResponseWrapper;
import java.io.ByteArrayOutputStream;
import java.io.IOException;

/**
 * The response, keeping a copy of the body as it is written when the audit needs it: always if
 * {@code all} (RequestResponse level), else only when the status is an error (its Status is small
 * and gives the audit event its reason and message). Decided at the first write.
 */
final class TeeResponse extends HttpServletResponseWrapper {
  private static final int LIMIT = 3 * 1024 * 1024;
  private final boolean all;
  private final ByteArrayOutputStream copy = new ByteArrayOutputStream();
  private ServletOutputStream stream;
  private Boolean capturing;

  TeeResponse(HttpServletResponse response, boolean all) {
    super(response);
    this.all = all;
  }

  synchronized byte[] captured() {
    return copy.size() == 0 ? null : copy.toByteArray();
  }

  @Override
  public synchronized ServletOutputStream getOutputStream() throws IOException {
    if (stream == null) {
      ServletOutputStream out = super.getOutputStream();
      stream = new ServletOutputStream() {
        @Override
        public void write(int b) throws IOException {
          out.write(b);
          keep(new byte[] {(byte) b}, 0, 1);
        }

        @Override
        public void write(byte[] buf, int off, int len) throws IOException {
          out.write(buf, off, len);
          keep(buf, off, len);
        }

        @Override
        public void flush() throws IOException {
          out.flush();
        }

        @Override
        public void close() throws IOException {
          out.close();
        }

        @Override
        public boolean isReady() {
          return out.isReady();
        }

        @Override
        public void setWriteListener(WriteListener listener) {
          out.setWriteListener(listener);
        }
      };
    }
    return stream;
  }

  private synchronized void keep(byte[] buf, int off, int len) {
    if (capturing == null) {
      capturing = all || getStatus() >= 300;
    }
    if (capturing && copy.size() + len <= LIMIT) {
      copy.write(buf, off, len);
    }
  }
}
