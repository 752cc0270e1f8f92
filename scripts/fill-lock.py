#!/usr/bin/env python3
# Maintenance: after `npm install` on this workplace's registry mirror, run
#   python3 scripts/fill-lock.py package-lock.json
# The mirror does not list the optional native packages of other platforms (rollup, unrs
# resolver bindings), so npm leaves them out of the lock file and `npm ci` then refuses it
# ("Missing: @rollup/rollup-darwin-arm64@ from lock file"). This adds a lock entry with the
# version, os, cpu and libc for each: npm skips them on platforms that do not match and fetches
# them by version where they do. tests/unit/lockfile.test.ts fails when an entry is missing.
import json,re,sys
p=sys.argv[1]
lock=json.load(open(p))
pk=lock['packages']
added=0
def platform(name):
    n=name.split('/')[-1]
    osm={'android':'android','darwin':'darwin','freebsd':'freebsd','linux':'linux','openbsd':'openbsd','openharmony':'openharmony','win32':'win32'}
    os_=None
    for k,v in osm.items():
        if f'-{k}-' in n or n.startswith(k+'-'): os_=v
    cpu=None
    for c in ['arm64','arm','x64','ia32','loong64','ppc64','riscv64','s390x']:
        if re.search(r'-'+c+r'(-|$)', n): cpu=c; break
    libc=None
    if os_=='linux':
        libc='musl' if 'musl' in n else 'glibc'
    return os_,cpu,libc
for key,entry in list(pk.items()):
    for dep,ver in (entry.get('optionalDependencies') or {}).items():
        # where would npm place it: next to the parent, or hoisted at the root
        cand=[key+'/node_modules/'+dep,'node_modules/'+dep]
        if any(c in pk for c in cand): continue
        if not re.match(r'^\d+\.\d+\.\d+', ver): continue
        os_,cpu,libc=platform(dep)
        if not os_ or not cpu: print('skip',dep); continue
        e={'version':ver,'cpu':[cpu],'optional':True,'os':[os_]}
        if entry.get('dev'): e['dev']=True
        if libc: e['libc']=[libc]
        pk['node_modules/'+dep]=e
        added+=1

json.dump(lock,open(p,'w'),indent=2,ensure_ascii=False)
open(p,'a').write('\n')
print('added',added)
