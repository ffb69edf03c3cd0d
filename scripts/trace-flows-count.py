#!/usr/bin/env python3
# Reads the profiles scripts/trace-flows-run wrote: trace-flows-count.py BINDIR OUTDIR [REGEX]. Per flow: the
# authflow files and types whose code ran, by module, and how often the functions matching REGEX ran.
import json, subprocess, sys, re, glob, os, collections
TC = os.path.dirname(os.path.realpath(subprocess.check_output(['which','swift']).decode().strip()))
BIN, OUT = sys.argv[1], sys.argv[2]
pat = re.compile(sys.argv[3] if len(sys.argv) > 3 else r'URLParts|QueryParameters|CallbackShape|hasScheme|percentDecod|RedirectCallback|AuthCallback|HostedHandlerCallback|IdPRedirectCallback|HandoffSender|SessionStore|previousSession|signedInUser|RedirectListener\.init|HostedHandlerSetup|AccessToken\.keep')
for t in ('t1','t2','t3'):
    raws = glob.glob(f'{OUT}/{t}/*.profraw')
    prof = f'{OUT}/{t}.profdata'
    subprocess.check_call([f'{TC}/llvm-profdata','merge','-o',prof]+raws)
    data = json.loads(subprocess.check_output([f'{TC}/llvm-cov','export',f'{BIN}/authflow','-instr-profile',prof,'-skip-expansions']))['data'][0]
    files = [f for f in data['files'] if '/Sources/' in f['filename'] and f['summary']['lines']['covered'] > 0]
    mods = collections.Counter(f['filename'].split('/Sources/')[1].split('/')[0] for f in files)
    funcs = [f for f in data['functions'] if f['count'] > 0 and any('/Sources/' in n for n in f['filenames'])]
    names = [f['name'].split(':')[-1] for f in funcs]
    dem = subprocess.run([f'{TC}/swift-demangle','--simplified'], input='\n'.join(names), capture_output=True, text=True).stdout.splitlines()
    full = subprocess.run([f'{TC}/swift-demangle'], input='\n'.join(names), capture_output=True, text=True).stdout.splitlines()
    types = set()
    counts = collections.Counter()
    for d, fd, f in zip(dem, full, funcs):
        m = re.search(r'\b(Authflow\w+)\.([A-Z]\w*)', fd)
        if m: types.add(m.group(1)+'.'+m.group(2))
        if pat.search(d) and not re.match(r'(implicit )?closure|.* in ', d): counts[d[:160]] += f['count']
    own = [f for f in files if f['filename'].split('/Sources/')[1].startswith('Authflow')]
    print(f'== {t}: {len(raws)} processes, {len(own)} authflow files in {len([m for m in mods if m.startswith("Authflow")])} modules (+{len(files)-len(own)} ArgumentParser), {len(types)} authflow types')
    print('   modules:', dict(sorted(mods.items())))
    for k, v in sorted(counts.items()): print(f'   {v:4d}  {k}')
    with open(f'{OUT}/{t}.files','w') as fh: fh.write('\n'.join(sorted(f['filename'].split('/Sources/')[1] for f in files))+'\n')
    with open(f'{OUT}/{t}.types','w') as fh: fh.write('\n'.join(sorted(types))+'\n')
