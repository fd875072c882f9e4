#!/usr/bin/env python3
"""Third-party notices, from what the binaries actually carry.

    python3 scripts/notices.py generate BINARY... > THIRD_PARTY_NOTICES.md
    python3 scripts/notices.py check BINARY... [--notices THIRD_PARTY_NOTICES.md]

What a binary carries is read off the binary, not off a list:
- the shared libraries it loads (`ldd`), each traced to its Debian package (`dpkg -S`), whose version, source package
  and copyright file (`/usr/share/doc/PACKAGE/copyright`) the notices record, with the texts from
  `/usr/share/common-licenses` the copyright files refer to;
- the Swift runtime and Foundation, from the toolchain's own licence (`usr/share/swift/LICENSE.txt`);
- the C libraries vendored in this package (`VENDORED`), carried when a symbol they define is in the binary (`nm`),
  with the licence file beside their sources;
- the Swift packages linked in statically: a package of the resolved graph (`swift package show-dependencies`) is
  carried when one of its modules' mangled names (`$s<length><Module>`) is in the binary's symbol table (`nm`). Each
  is recorded with the version the build resolved, its licence and its NOTICE file (Apache-2.0, section 4(d)).

`check` exits 1, naming each one, when a library or package a binary carries is missing from the notices file, so a
new dependency cannot land without its notice. Exit 2 when a tool it needs (ldd, dpkg, nm, swift) is missing.
"""
import functools
import json
import os
import re
import shutil
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def run(args, **kw):
    return subprocess.run(args, capture_output=True, text=True, **kw)


def need(tool):
    if shutil.which(tool) is None:
        sys.exit(f"notices: {tool} is not installed; it is needed to read what the binaries carry")


def shared_libraries(binary):
    """(soname, resolved path) of every library `binary` loads, the dynamic loader and vDSO aside."""
    out = run(["ldd", binary])
    if out.returncode != 0:
        sys.exit(f"notices: ldd {binary} failed: {out.stderr.strip()}")
    libs = []
    for line in out.stdout.splitlines():
        m = re.match(r"\s*(\S+) => (/\S+)", line)
        if m:
            libs.append((m.group(1), m.group(2)))
    return libs


def debian_package(path):
    """The Debian binary package that installed `path` (merged /usr tried both ways), or None."""
    candidates = [path, os.path.realpath(path)]
    for p in list(candidates):
        if p.startswith("/lib"):
            candidates.append("/usr" + p)
        elif p.startswith("/usr/lib"):
            candidates.append(p[4:])
    for p in candidates:
        out = run(["dpkg", "-S", p])
        if out.returncode == 0:
            return out.stdout.split(":")[0].strip()
    return None


def package_facts(pkg):
    out = run(["dpkg-query", "-W", "-f", "${Version}\t${source:Package}", pkg])
    version, source = out.stdout.split("\t") if out.returncode == 0 else ("?", pkg)
    copyright_path = f"/usr/share/doc/{pkg}/copyright"
    text = open(copyright_path, errors="replace").read() if os.path.exists(copyright_path) else ""
    licences = []
    for m in re.finditer(r"^License:\s*(.+)$", text, re.M):
        for name in re.split(r"\s+(?:or|and)\s+|,\s*", m.group(1).strip()):
            if name and name not in licences:
                licences.append(name)
    return {"version": version, "source": source, "copyright": text, "licences": licences}


def swift_toolchain():
    swift = shutil.which("swift")
    root = os.path.dirname(os.path.dirname(os.path.realpath(swift))) if swift else None
    version = run(["swift", "--version"]).stdout.splitlines()[0] if swift else "?"
    licence = os.path.join(root, "share", "swift", "LICENSE.txt") if root else ""
    return root, version, licence


def package_graph():
    out = run(["swift", "package", "--package-path", ROOT, "show-dependencies", "--format", "json"])
    if out.returncode != 0:
        sys.exit(f"notices: swift package show-dependencies failed: {out.stderr.strip()}")
    seen = {}

    def walk(node):
        for d in node.get("dependencies", []):
            seen.setdefault(d["identity"], d)
            walk(d)

    walk(json.loads(out.stdout[out.stdout.index("{"):]))
    return seen


def modules_of(checkout):
    sources = os.path.join(checkout, "Sources")
    if not os.path.isdir(sources):
        return []
    return [re.sub(r"[^A-Za-z0-9_]", "_", d) for d in os.listdir(sources) if os.path.isdir(os.path.join(sources, d))]


def symbol_text(binaries):
    return _symbol_text(tuple(binaries))


@functools.lru_cache(maxsize=None)
def _symbol_text(binaries):
    """The defined symbols of `binaries`, read once (nm) however many questions are asked of them."""
    text = []
    for b in binaries:
        out = run(["nm", "--defined-only", b])
        text.append(out.stdout)
    return "\n".join(text)


def carried_packages(binaries):
    symbols = symbol_text(binaries)
    carried = []
    for identity, dep in sorted(package_graph().items()):
        modules = modules_of(dep["path"])
        hits = sorted(m for m in modules if f"$s{len(m)}{m}" in symbols)
        if hits:
            carried.append((identity, dep, hits))
    return carried


# C libraries whose sources this package carries: (name, folder, a symbol only they define). The version is read off
# the first line of the folder's README.md ("# Jansson 2.14, vendored").
VENDORED = [("Jansson", "Sources/CJansson", "json_loadb")]


def carried_vendored(binaries):
    symbols = set(symbol_text(binaries).split())
    carried = []
    for name, folder, symbol in VENDORED:
        if symbol in symbols:
            heading = read(os.path.join(ROOT, folder, "README.md")).split("\n", 1)[0]
            version = re.search(r"\d+(\.\d+)+", heading)
            carried.append((name, folder, version.group(0) if version else "?", read(os.path.join(ROOT, folder, "LICENSE"))))
    return carried


def read(path):
    return open(path, errors="replace").read() if path and os.path.exists(path) else ""


def licence_of(checkout):
    text = ""
    for name in ("LICENSE.txt", "LICENSE", "LICENSE.md", "COPYING"):
        text = read(os.path.join(checkout, name))
        if text:
            break
    if "Apache License" in text and "Version 2.0" in text:
        name = "Apache-2.0"
        if "Runtime Library Exception" in text:
            name += " WITH Swift-exception"
        return name, text
    if "Permission is hereby granted, free of charge" in text:
        return "MIT", text
    if "Redistribution and use in source and binary forms" in text:
        return "BSD", text
    return "see its licence file", text


def gather(binaries):
    for tool in ("ldd", "dpkg", "dpkg-query", "nm", "swift"):
        need(tool)
    root, swift_version, swift_licence = swift_toolchain()
    debian, toolchain = {}, []
    for b in binaries:
        for soname, path in shared_libraries(b):
            if root and os.path.realpath(path).startswith(root + os.sep):
                if soname not in toolchain:
                    toolchain.append(soname)
                continue
            pkg = debian_package(path)
            if pkg is None:
                sys.exit(f"notices: {path} (loaded by {b}) belongs to no Debian package; name its licence by hand")
            debian.setdefault(pkg, {"libraries": []})
            if soname not in debian[pkg]["libraries"]:
                debian[pkg]["libraries"].append(soname)
    for pkg in debian:
        debian[pkg].update(package_facts(pkg))
    return {
        "debian": debian,
        "toolchain": {
            "version": swift_version,
            "libraries": sorted(toolchain),
            # A build with --static-swift-stdlib loads no toolchain library: the runtime's own symbols are in the binary.
            "static": "swift_retain" in set(symbol_text(binaries).split()),
            "licence": read(swift_licence),
        },
        "swift": carried_packages(binaries),
        "vendored": carried_vendored(binaries),
    }


def generate(binaries):
    facts = gather(binaries)
    names = ", ".join(os.path.basename(b) for b in binaries)
    out = [
        "# Third-party notices",
        "",
        f"What the binaries ({names}) carry, read off them by `python3 scripts/notices.py generate` (ldd, dpkg, nm and the",
        "resolved package graph); `python3 scripts/notices.py check` fails when a library is missing from this file.",
        "The versions are those the build resolved when this file was written. ffmpeg is run as a separate program when",
        "it is installed (AAC and ALAC input); it is neither linked nor shipped.",
        "",
        "| component | version | licence | carried as |",
        "|---|---|---|---|",
    ]
    for pkg, f in sorted(facts["debian"].items()):
        out.append(
            f"| {pkg} (Debian source {f['source']}) | {f['version']} | {', '.join(f['licences']) or 'see below'} | shared library: {', '.join(f['libraries'])} |"
        )
    tc = facts["toolchain"]
    if tc["libraries"] or tc["static"]:
        how = [f"shared library: {', '.join(tc['libraries'])}"] if tc["libraries"] else []
        how += ["linked in statically (`--static-swift-stdlib`)"] if tc["static"] else []
        out.append(
            f"| Swift runtime, Dispatch and Foundation (swift.org) | {tc['version']} | Apache-2.0 WITH Swift-exception; ICU: Unicode-3.0 | {'; '.join(how)} |"
        )
    for identity, dep, modules in facts["swift"]:
        name, _ = licence_of(dep["path"])
        out.append(f"| {identity} ({dep['url']}) | {dep['version']} | {name} | linked in statically: {', '.join(modules)} |")
    for name, folder, version, licence in facts["vendored"]:
        kind = "MIT" if "Permission is hereby granted, free of charge" in licence else "see its licence"
        out.append(f"| {name} (vendored: {folder}) | {version} | {kind} | built from source, linked in statically |")
    out += ["", "## Swift packages", ""]
    apache_text = ""
    for identity, dep, _ in facts["swift"]:
        name, text = licence_of(dep["path"])
        out.append(f"### {identity} {dep['version']}")
        out.append("")
        out.append(f"{dep['url']}, {name}.")
        notice = read(os.path.join(dep["path"], "NOTICE.txt")) or read(os.path.join(dep["path"], "NOTICE"))
        if notice:
            out += ["", "Its NOTICE file:", "", "```", notice.strip(), "```"]
        if name.startswith("Apache-2.0"):
            apache_text = apache_text or text
        else:
            out += ["", "```", text.strip(), "```"]
        out.append("")
    if tc["libraries"] or tc["static"]:
        out += [
            "## Swift runtime, Dispatch and Foundation",
            "",
            f"{tc['version']}. _FoundationICU is ICU (swift-foundation-icu), under the Unicode licence",
            "(https://github.com/swiftlang/swift-foundation-icu/blob/main/LICENSE.md); the rest under the toolchain's licence:",
            "",
            "```",
            tc["licence"].strip(),
            "```",
            "",
        ]
    if facts["vendored"]:
        out += ["## Vendored C libraries", ""]
        for name, folder, version, licence in facts["vendored"]:
            out += [f"### {name} {version}", "", f"Sources in {folder}, built by SwiftPM; its licence:", "", "```", licence.strip(), "```", ""]
    out += ["## Debian packages", "", "Each package's copyright file, as Debian ships it.", ""]
    referenced = set()
    for pkg, f in sorted(facts["debian"].items()):
        out += [f"### {pkg} {f['version']}", "", "```", f["copyright"].strip(), "```", ""]
        referenced |= set(re.findall(r"/usr/share/common-licenses/([A-Za-z0-9.\-]+)", f["copyright"]))
    out += ["## Licence texts", ""]
    if apache_text:
        out += ["### Apache-2.0 (the Swift packages above)", "", "```", apache_text.strip(), "```", ""]
    for name in sorted(referenced):
        path = f"/usr/share/common-licenses/{name.rstrip('.')}"
        if os.path.isfile(path):
            out += [f"### {name.rstrip('.')} (/usr/share/common-licenses)", "", "```", read(path).strip(), "```", ""]
    return "\n".join(out).rstrip() + "\n"


def check(binaries, notices_path):
    text = read(notices_path)
    if not text:
        print(f"{notices_path}:1:1: error: no third-party notices file; run: python3 scripts/notices.py generate BINARY... > {notices_path}")
        return 1
    facts = gather(binaries)
    missing = []
    for pkg, f in sorted(facts["debian"].items()):
        if f"| {pkg} (Debian source" not in text or f"### {pkg} " not in text:
            missing.append(f"Debian package {pkg} ({', '.join(f['libraries'])})")
    tc = facts["toolchain"]
    if (tc["libraries"] or tc["static"]) and "## Swift runtime, Dispatch and Foundation" not in text:
        missing.append("the Swift runtime and Foundation (" + (", ".join(tc["libraries"]) or "linked in statically") + ")")
    for identity, dep, modules in facts["swift"]:
        if f"| {identity} (" not in text or f"### {identity} " not in text:
            missing.append(f"Swift package {identity} (modules {', '.join(modules)})")
    for name, folder, version, _ in facts["vendored"]:
        if f"| {name} (vendored" not in text or f"### {name} " not in text:
            missing.append(f"vendored library {name} ({folder})")
    for m in missing:
        print(f"{notices_path}:1:1: error: {m} is carried by the binaries but not named in the notices; run: python3 scripts/notices.py generate {' '.join(binaries)} > {notices_path}")
    if not missing:
        print(f"notices: {len(facts['debian'])} Debian packages, {len(facts['vendored'])} vendored library, the Swift runtime and {len(facts['swift'])} Swift packages, all named in {notices_path}")
    return 1 if missing else 0


def main(argv):
    if len(argv) < 2 or argv[0] not in ("generate", "check") or argv[0] in ("-h", "--help"):
        print(__doc__)
        return 0 if argv[:1] in (["-h"], ["--help"]) else 64
    args = argv[1:]
    notices = os.path.join(ROOT, "THIRD_PARTY_NOTICES.md")
    if "--notices" in args:
        i = args.index("--notices")
        notices = args[i + 1]
        del args[i:i + 2]
    for b in args:
        if not os.path.isfile(b):
            print(f"notices: {b}: no such binary; build first (swift build)", file=sys.stderr)
            return 2
    if argv[0] == "generate":
        sys.stdout.write(generate(args))
        return 0
    return check(args, notices)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
