import sys, json, collections
# usage: jfr print --json --stack-depth 400 --events jdk.ExecutionSample X.jfr > X.json; python3 jfr-layers.py X.json
# CPU samples of the request threads (apiserver-*) by layer: the innermost frame that is not the JDK's
# core library (java.*, jdk.internal.*, sun.nio.*) decides; TLS is the JDK's SSLEngine and ciphers.
LAYERS = [('sun.security.', 'TLS (JDK SSLEngine, ciphers)'), ('com.sun.crypto.', 'TLS (JDK SSLEngine, ciphers)'),
          ('org.h2.', 'H2'), ('org.eclipse.persistence.', 'EclipseLink'), ('com.fasterxml.jackson.', 'Jackson'),
          ('org.hibernate.validator.', 'Bean Validation'), ('dev.customapiserver.', 'our code'),
          ('org.glassfish.jersey.', 'Jersey'), ('org.glassfish.hk2.', 'Jersey'), ('org.jvnet.hk2.', 'Jersey'),
          ('org.eclipse.jetty.', 'Jetty'), ('io.prometheus.', 'metrics')]
d = json.load(open(sys.argv[1]))['recording']['events']
n = 0; c = collections.Counter()
for e in d:
    th = e['values'].get('sampledThread') or {}
    if not (th.get('javaName') or '').startswith('apiserver'):
        continue
    n += 1
    fr = [f['method']['type']['name'].replace('/', '.') + '.' + f['method']['name'] for f in e['values']['stackTrace']['frames']]
    layer = 'JDK only'
    for f in fr:
        hit = next((name for prefix, name in LAYERS if f.startswith(prefix)), None)
        if hit:
            layer = hit
            if hit == 'H2':
                layer = 'H2 commit (writes a chunk)' if any('JdbcConnection.commit' in g for g in fr) else 'H2 statements'
            break
    c[layer] += 1
print('request-thread samples', n)
for k, v in c.most_common():
    print('  %5.1f%% %s' % (v * 100 / n, k))
