"""What the browser tests share: the skip rule (a missing tool skips, visibly; under CI=true it fails), starting a
server command and reading the URL it prints, launching Debian's chromium through Playwright, and stopping the
server."""
import os, re, subprocess, time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def missing_tools(name):
    """None when Playwright and chromium are here; else the exit code to return (1 under CI=true, else 0), having
    said why the test does not run."""
    code = 1 if os.environ.get("CI") == "true" else 0
    verdict = "FAILED (CI=true)" if code else "SKIPPED"
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        print(f"{name}: {verdict}: Playwright for Python is not installed (pip install playwright; scripts/setup.sh --test does)")
        return code
    if not os.path.exists("/usr/bin/chromium"):
        print(f"{name}: {verdict}: Debian's chromium is not installed (apt-get install chromium; scripts/setup.sh --test does)")
        return code
    return None


def start_server(command, cwd=None, seconds=30):
    """Starts `command` (a server that prints its page's URL on stderr) and returns (process, URL or None)."""
    server = subprocess.Popen(command, stderr=subprocess.PIPE, text=True, cwd=cwd)
    url, deadline = None, time.time() + seconds
    while time.time() < deadline and url is None:
        line = server.stderr.readline()
        if not line and server.poll() is not None:
            break
        m = re.search(r"(http://127\.0\.0\.1:\d+/\?token=[0-9a-f]+)", line)
        url = m.group(1) if m else None
    return server, url


def launch(playwright):
    """Debian's chromium, headless, allowed to play audio without a gesture (and without the sandbox as root)."""
    args = ["--autoplay-policy=no-user-gesture-required"] + (["--no-sandbox"] if os.geteuid() == 0 else [])
    return playwright.chromium.launch(executable_path="/usr/bin/chromium", args=args)


def stop_server(server):
    """Stops the server (SIGTERM, then SIGKILL after 10 s)."""
    server.terminate()
    try:
        server.wait(timeout=10)
    except subprocess.TimeoutExpired:
        server.kill()


def check_strict_policy(browser, url, selector, errors, viewport=None):
    """Opens `url` under the page's real Content-Security-Policy (the tests' own contexts bypass it, for Playwright's
    waits), waits for `selector`, and adds every console error or warning and page error to `errors`."""
    page = browser.new_context(viewport=viewport or {"width": 1300, "height": 900}).new_page()
    page.on("console", lambda m: errors.append(f"console (strict CSP): {m.text}") if m.type in ("error", "warning") else None)
    page.on("pageerror", lambda e: errors.append(f"strict CSP: {e}"))
    page.goto(url)
    page.locator(selector).first.wait_for(timeout=30000)
    return page


def passed(name, what):
    """Says what the test saw, and the count line the test command reads; returns the exit code 0."""
    print(f"{name}: {what}")
    print("1 passed, 0 failed")
    return 0


def failed(name, error):
    """Says why the test failed (where, for an assertion without a message), and the count line; returns the exit code 1."""
    import traceback
    where = "".join(traceback.format_tb(error.__traceback__)[-1:]).strip() if getattr(error, "__traceback__", None) else ""
    print(f"{name}: FAILED: {error}" + (f"\n{where}" if where and not str(error) else ""))
    print("0 passed, 1 failed")
    return 1
