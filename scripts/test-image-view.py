"""`baton image view` in a real browser: the page for an image written by `baton fetch --store`
opens in headless Chromium with no console error, shows the records, and highlights a field error.

    TestServer/.venv/bin/python scripts/test-image-view.py      (after `swift build --product baton`)

Needs Debian's `chromium` (make test-image-view installs it). Keeps the screenshot in a temporary
directory and prints its path. Prints `N passed, M failed` last; exits 1 when a check failed.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
QUERY = 'query Viewed { note(id: "viewed") { id text } partial { ok failing } }'


def baton() -> str:
    bin_path = subprocess.run(["swift", "build", "--show-bin-path"], cwd=ROOT, check=True, capture_output=True, text=True)
    return os.path.join(bin_path.stdout.strip(), "baton")


def write_image(image: str) -> None:
    """Fetches an operation with a field error from the reference server into a SQLite image."""
    server = subprocess.Popen(
        [sys.executable, os.path.join(ROOT, "TestServer", "server.py"), "--port", "0"],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)  # it stops when stdin closes
    try:
        word, port = (server.stdout.readline().split() + ["", ""])[:2]
        if word != "LISTENING":
            raise RuntimeError(f"the reference server did not start: {word} {port}")
        endpoint = f"http://127.0.0.1:{port}/graphql"
        subprocess.run(
            [baton(), "fetch", "--watch", "--schema", os.path.join(ROOT, "TestServer", "schema.graphql"),
             "--endpoint", endpoint, "--store", f"sqlite:{image}", "--query", QUERY],
            check=True, capture_output=True, timeout=60)
    finally:
        server.terminate()
        server.wait(timeout=10)


def chromium(page: str, screenshot: str, fragment: str = "") -> tuple[str, str]:
    """The page's DOM after its script ran, and what Chromium logged, from headless runs."""
    common = ["chromium", "--headless", "--no-sandbox", "--disable-gpu", "--enable-logging=stderr", "--v=0",
              "--window-size=1100,1300", f"file://{page}{fragment}"]
    dom = subprocess.run(common[:-1] + ["--dump-dom", common[-1]], capture_output=True, text=True, timeout=120)
    shot = subprocess.run(common[:-1] + [f"--screenshot={screenshot}", common[-1]], capture_output=True, text=True, timeout=120)
    return dom.stdout, dom.stderr + shot.stderr


def console_lines(log: str) -> list[str]:
    """What the page wrote to its console (Chromium logs console.error and uncaught errors alike
    as `INFO:CONSOLE`); this page writes nothing there, so every such line is a failure."""
    return [line for line in log.splitlines() if ":CONSOLE" in line]


def main() -> int:
    directory = tempfile.mkdtemp(prefix="baton-image-view-")
    image = os.path.join(directory, "image.sqlite")
    page = os.path.join(directory, "image.html")
    screenshot = os.path.join(directory, "image.png")
    write_image(image)
    subprocess.run([baton(), "image", "view", image, "--html", page], check=True, timeout=60)
    html = open(page, encoding="utf-8").read()
    dom, log = chromium(page, screenshot)
    console_errors = console_lines(log)
    # The same reading of the log catches a page that does fail, so "no console error" means something.
    broken = os.path.join(directory, "broken.html")
    with open(broken, "w", encoding="utf-8") as file:
        file.write('<html><body><script>console.error("planted"); throw new Error("planted")</script></body></html>')
    _, broken_log = chromium(broken, os.path.join(directory, "broken.png"))
    searched, _ = chromium(page, os.path.join(directory, "searched.png"), "#search=Note:viewed")
    checks = [
        ("the page loads nothing from outside", not re.search(r'(src|href)=["\']?(https?:)?//', html)),
        ("the script drew the graph", 'data-graph="drawn"' in dom),
        ("the records table shows the note", 'data-id="Note:viewed"' in dom and "note viewed" in dom),
        ("the graph has a node per record", dom.count('class="node') >= 2),
        ("a field error is highlighted", 'class="field field-error"' in dom and "PARTIAL_FAILURE" in dom),
        ("the errored record's node is highlighted", 'class="node has-error"' in dom),
        ("a search by ID finds the note's row and node",
         'class="record found" data-id="Note:viewed"' in searched and 'class="node found" data-id="Note:viewed"' in searched
         and "1 found" in searched),
        ("a failing page's console messages are caught", len(console_lines(broken_log)) >= 2),
        ("no console error", not console_errors),
        ("a screenshot was taken", os.path.exists(screenshot) and os.path.getsize(screenshot) > 10_000),
    ]
    failed = 0
    for name, passed in checks:
        print(("ok   " if passed else "FAIL ") + name)
        failed += 0 if passed else 1
    if console_errors:
        print("\n".join(console_errors))
    print(f"screenshot: {screenshot}")
    print(f"{len(checks) - failed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
