import sys, json, collections
# usage: jfr print --json --stack-depth 400 --events jdk.ExecutionSample X.jfr > X.json; python3 jfr-buckets.py X.json
# CPU samples of the request threads (apiserver-*), bucketed by the innermost matching frame.
d=json.load(open(sys.argv[1]))
evs=d['recording']['events']
stacks=[]
for e in evs:
    th=e['values'].get('sampledThread') or {}
    name=(th.get('javaName') or th.get('osName') or '')
    if not name.startswith('apiserver'): continue
    fr=[f['method']['type']['name'].replace('/','.')+'.'+f['method']['name'] for f in e['values']['stackTrace']['frames']]
    stacks.append(fr)
n=len(stacks); print('request-thread samples',n)
incl=collections.Counter()
for st in stacks:
    for f in set(st): incl[f]+=1
B=[('storage.jpa','storage (jpa)'),('storage.cache','storage (cache)'),('metrics.MeteredResourceStore','storage (metered)'),
   ('FieldManager','fieldmanager'),('Encoder.respond','encode response'),('BodyDecoder','decode body'),('VersionedView.in','decode body (convert/default)'),
   ('StorageCodec','storage codec'),('AdmissionCalls','admission'),('ObjectValidator','bean validation'),('GenericStore.specOf','specOf (generation)'),
   ('MetadataRules','metadata rules'),('VersionedView.out','to version'),('ReadHandlers','read handler'),
   ('WriteHandlers','handler other'),('dev.customapiserver.filters.','filters'),('org.glassfish.jersey','jersey'),('org.eclipse.jetty','jetty')]
bucket=collections.Counter()
for st in stacks:
    got='other'
    for f in st:  # leaf first
        hit=next((b for k,b in B if k in f), None)
        if hit: got=hit; break
    bucket[got]+=1
print('--- buckets (innermost match)'); [print(f'{c*100/n:5.1f}% {b}') for b,c in bucket.most_common()]
print('--- inclusive, project frames'); 
for f,c in incl.most_common(300):
    if f.startswith('dev.customapiserver') and c*100/n>=1.0: print(f'{c*100/n:5.1f}% {f}')
selfc=collections.Counter(st[0] for st in stacks if st)
print('--- top self'); [print(f'{c*100/n:5.1f}% {f}') for f,c in selfc.most_common(15)]
