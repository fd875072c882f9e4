#!/usr/bin/env python3
"""Lists public declarations without a `///` documentation comment: file:line: declaration.
Usage: python3 scripts/undocumented.py [folder ...]   (default: the library targets, ToolSupport and BrowserPages)
Exit 1 when any is found, so CI can keep the library documented."""
import re, sys, glob

DECL = re.compile(
    r'^(@[\w.]+(\([^)]*\))?\s+)*public\s+(static\s+|final\s+|class\s+|nonisolated(\(unsafe\))?\s+|override\s+|mutating\s+|indirect\s+)*'
    r'(func|var|let|struct|enum|class|protocol|init|typealias|case|subscript|actor)\b')


def above_attributes(lines, i):
    """The index of the line above the attributes of the declaration at line i (attributes may span lines)."""
    j = i - 1
    while j >= 0:
        text = lines[j].strip()
        if text.startswith('@'):
            j -= 1
            continue
        if text.endswith(')') and not text.startswith('//'):
            # The end of a multi-line attribute: climb to the line that opens it.
            depth, k = 0, j
            while k >= 0:
                depth += lines[k].count(')') - lines[k].count('(')
                if depth <= 0 and lines[k].strip().startswith('@'):
                    break
                k -= 1
            if k >= 0 and depth <= 0:
                j = k - 1
                continue
        return j
    return j


def undocumented(paths):
    found = []
    for root in paths:
        for path in sorted(glob.glob(root + '/**/*.swift', recursive=True)):
            lines = open(path, encoding='utf-8').read().split('\n')
            for i, line in enumerate(lines):
                text = line.strip()
                if not DECL.match(text):
                    continue
                j = above_attributes(lines, i)
                if j >= 0 and (lines[j].strip().startswith('///') or lines[j].strip().endswith('*/')):
                    continue
                found.append(f'{path}:{i + 1}: {text[:100]}')
    return found


if __name__ == '__main__':
    roots = sys.argv[1:] or ['Sources/AssetValidation', 'Sources/AudioKitLinux', 'Sources/ToolSupport', 'Sources/BrowserPages']
    result = undocumented(roots)
    for r in result:
        print(r)
    print(f'{len(result)} public declarations without a documentation comment', file=sys.stderr)
    sys.exit(1 if result else 0)
