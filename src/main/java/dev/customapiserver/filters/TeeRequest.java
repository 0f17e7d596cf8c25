package dev.customapiserver.filters;

import jakarta.servlet.ReadListener;
import jakarta.servlet.ServletInputStream;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletRequestWrapper;
import java.io.ByteArrayOutputStream;
import java.io.IOException;

/** The request, keeping a copy of the body bytes as they are read (for the audit's requestObject). */
final class TeeRequest extends HttpServletRequestWrapper {
  /** Beyond this the copy stops (kube's body limit is 3 MiB). */
  private static final int LIMIT = 3 * 1024 * 1024;
  private final ByteArrayOutputStream copy = new ByteArrayOutputStream();
  private ServletInputStream stream;

  TeeRequest(HttpServletRequest request) {
    super(request);
  }

  /** The body bytes read so far. */
  synchronized byte[] captured() {
    return copy.toByteArray();
  }

  @Override
  public synchronized ServletInputStream getInputStream() throws IOException {
    if (stream == null) {
      ServletInputStream in = super.getInputStream();
      stream = new ServletInputStream() {
        @Override
        public int read() throws IOException {
          int b = in.read();
          if (b >= 0) {
            keep(new byte[] {(byte) b}, 0, 1);
          }
          return b;
        }

        @Override
        public int read(byte[] buf, int off, int len) throws IOException {
          int n = in.read(buf, off, len);
          if (n > 0) {
            keep(buf, off, n);
          }
          return n;
        }

        @Override
        public boolean isFinished() {
          return in.isFinished();
        }

        @Override
        public boolean isReady() {
          return in.isReady();
        }

        @Override
        public void setReadListener(ReadListener listener) {
          in.setReadListener(listener);
        }
      };
    }
    return stream;
  }

  private synchronized void keep(byte[] buf, int off, int len) {
    if (copy.size() + len <= LIMIT) {
      copy.write(buf, off, len);
    }
  }
}
