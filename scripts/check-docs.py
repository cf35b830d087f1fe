"""The documentation site (`make docs`, in .build/docs) opened in headless Chromium, as a reader
opens it: served over HTTP on loopback (a DocC page loads its content with fetch, which file://
refuses), the site's root, the start page, the Baton module's page, some guides and some symbol
pages must render their title and text, and every link on the start page, the module's page and a
BatonTestSupport page (whose links cross to the umbrella's archive) must reach a page: its data is
in the site, and every linked guide and a sample of the other linked pages render with no "page
can't be found" and no script error. A page that does not exist must show that it is not
found, so that "renders" means something.

    python3 scripts/check-docs.py [SITE]       (after `make docs`; `make docs-check` runs both)

DOCS_SCREENSHOTS=DIR keeps a picture of each page of PAGES there.
Needs Debian's `chromium`, driven over its DevTools pipe (`--remote-debugging-pipe`): one browser
for every page, and nothing but Python's standard library. Starts and stops its own HTTP server.
Prints each failure, then `N passed, M failed`; exits 1 when a check failed.
"""

from __future__ import annotations

import base64
import concurrent.futures
import fcntl
import functools
import http.server
import json
import os
import queue
import shutil
import subprocess
import sys
import tempfile
import threading
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
NOT_FOUND = "can't be found"
# (path, title, a phrase of its text): the start page, the module, guides and symbols.
PAGES = [
    ("/", "Baton", "BatonCompiler"),
    ("/documentation/", "Baton", "BatonCompiler"),
    ("/documentation/baton", "Baton", "tells the truth about its data"),
    ("/documentation/baton/failures", "How a fetch fails", "exactly one of four kinds"),
    ("/documentation/baton/configuration", None, "baton.json"),
    ("/documentation/baton/customtransport", "Writing a transport", "The seam"),
    ("/documentation/baton/environment", "Environment", "operations run in"),
    ("/documentation/baton/failure", "Failure", "one of four kinds"),
    ("/documentation/baton/curltransport", "CurlTransport", "libcurl"),
    ("/documentation/batontestsupport/transportconformance", "TransportConformance", "ConformanceServer"),
    ("/documentation/batoncompiler/parser", "Parser", "parse"),
]
# Pages whose every link must resolve: the start page, the module's, and one whose links cross to
# the umbrella's archive.
LINKED_FROM = ["/documentation/", "/documentation/baton", "/documentation/batontestsupport/transportconformance"]
PAGE_SECONDS = 20
# Tabs loading the linked pages at once, one a core: each page boots DocC's script, which is CPU-bound.
TABS = 2
# Of the linked pages that are not articles, every RENDER_EVERY-th is drawn in Chromium too.
RENDER_EVERY = 6


class ProtocolError(RuntimeError):
    """Chromium answered a call with an error (an evaluation as the page navigated, for one)."""


class DevTools:
    """Chromium's DevTools protocol over the pipe: requests on fd 3, answers on fd 4, each a JSON
    text ended by a NUL. A reader thread hands each answer to the call waiting for it, so that
    several tabs load pages at once."""

    def __init__(self, profile: str) -> None:
        to_browser_read, self.to_browser = os.pipe()
        self.from_browser, from_browser_write = os.pipe()
        # Placed above 10 first, so that moving them to 3 and 4 in the child clobbers nothing.
        high = [fcntl.fcntl(fd, fcntl.F_DUPFD, 10) for fd in (to_browser_read, from_browser_write)]

        def place_pipes() -> None:
            os.dup2(high[0], 3)
            os.dup2(high[1], 4)

        self.process = subprocess.Popen(
            ["chromium", "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--remote-debugging-pipe",
             f"--user-data-dir={profile}", "--window-size=1280,1000", "about:blank"],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, preexec_fn=place_pipes, close_fds=False)
        for fd in high + [to_browser_read, from_browser_write]:
            os.close(fd)
        self.lock = threading.Lock()
        self.next_id = 0
        self.waiting: dict[int, list] = {}  # id → [event, answer]
        self.exceptions: dict[str, list[str]] = {}  # session → uncaught script errors
        threading.Thread(target=self.read_answers, daemon=True).start()

    def call(self, method: str, params: dict | None = None, session: str | None = None) -> dict:
        with self.lock:
            self.next_id += 1
            slot = self.waiting[self.next_id] = [threading.Event(), None]
            message = {"id": self.next_id, "method": method, "params": params or {}}
            if session:
                message["sessionId"] = session
            os.write(self.to_browser, json.dumps(message).encode() + b"\0")
        if not slot[0].wait(PAGE_SECONDS):
            raise RuntimeError(f"{method}: no answer within {PAGE_SECONDS} s")
        answer = slot[1]
        if answer is None:
            raise RuntimeError(f"{method}: Chromium closed its DevTools pipe")
        if "error" in answer:
            raise ProtocolError(f"{method}: {answer['error']}")
        return answer.get("result", {})

    def read_answers(self) -> None:
        buffer = b""
        while True:
            try:
                chunk = os.read(self.from_browser, 1 << 16)
            except OSError:
                chunk = b""
            if not chunk:
                with self.lock:
                    for slot in self.waiting.values():
                        slot[0].set()
                return
            buffer += chunk
            *messages, buffer = buffer.split(b"\0")
            for text in messages:
                answer = json.loads(text)
                with self.lock:
                    if "id" in answer and answer["id"] in self.waiting:
                        slot = self.waiting.pop(answer["id"])
                        slot[1] = answer
                        slot[0].set()
                    elif answer.get("method") == "Runtime.exceptionThrown":
                        details = answer["params"]["exceptionDetails"]
                        text = details.get("exception", {}).get("description") or details.get("text", "")
                        self.exceptions.setdefault(answer.get("sessionId", ""), []).append(text)

    def open_tab(self) -> str:
        """A new tab, its session ready to navigate and evaluate."""
        target = self.call("Target.createTarget", {"url": "about:blank"})["targetId"]
        session = self.call("Target.attachToTarget", {"targetId": target, "flatten": True})["sessionId"]
        self.call("Page.enable", session=session)
        self.call("Runtime.enable", session=session)
        return session

    def close(self) -> None:
        try:
            self.call("Browser.close")
        except (RuntimeError, OSError):
            pass
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        os.close(self.to_browser)
        os.close(self.from_browser)


# What a rendered page shows: its title, its text, and the links in its content, once DocC's
# script has drawn it (a title, or its "can't be found"), or the HTTP server's 404. The document it
# read is marked, so that a read before the next page replaced it is not taken for the next page.
READ_PAGE = """(() => {
  if (window.batonChecked) return null;
  if (document.title === 'Error response') return JSON.stringify({title: '', text: "can't be found (HTTP 404)", links: []});
  const main = document.querySelector('main');
  const title = document.querySelector('main h1');
  const text = main ? main.innerText : '';
  if (!title && !text.includes("can't be found") && !text.includes('error occurred')) return null;
  const links = [...document.querySelectorAll('main a[href]')].map(a => a.href);
  window.batonChecked = true;
  return JSON.stringify({title: title ? title.innerText.trim() : '', text, links});
})()"""


def render(tools: DevTools, session: str, url: str) -> dict:
    """The page at `url` once drawn, or what it shows when it is not drawn in time."""
    with tools.lock:
        errors = tools.exceptions[session] = []
    tools.call("Page.navigate", {"url": url}, session)
    deadline = time.monotonic() + PAGE_SECONDS
    while time.monotonic() < deadline:
        try:
            value = tools.call("Runtime.evaluate", {"expression": READ_PAGE, "returnByValue": True}, session)
        except ProtocolError:
            value = {}  # the document went while it was read (the root's redirect): read the next one
        drawn = value.get("result", {}).get("value")
        if drawn:
            page = json.loads(drawn)
            page["exceptions"] = list(errors)
            return page
        time.sleep(0.1)
    return {"title": "", "text": "", "links": [], "exceptions": list(errors), "timeout": True}


def problems_of(page: dict, title: str | None = None, phrase: str | None = None) -> list[str]:
    problems = []
    if page.get("timeout"):
        problems.append(f"not drawn within {PAGE_SECONDS} s")
    if NOT_FOUND in page["text"] or "error occurred" in page["text"]:
        problems.append("shows that the page can't be found")
    elif not page["title"]:
        problems.append("has no title")
    if title is not None and page["title"] != title:
        problems.append(f"title is {page['title']!r}, not {title!r}")
    if phrase is not None and phrase not in page["text"]:
        problems.append(f"does not show {phrase!r}")
    problems += [f"script error: {e.splitlines()[0]}" for e in page["exceptions"]]
    return problems


def data_kind(site: str, path: str) -> str | None:
    """The kind of page DocC's data for `path` describes ("article", "symbol", …), or None when
    the site holds no data for it."""
    file = os.path.join(site, "data", path.strip("/") + ".json")
    try:
        with open(file, encoding="utf-8") as handle:
            data = json.load(handle)
    except (OSError, ValueError):
        return None
    if not data.get("identifier") or not data.get("metadata", {}).get("title"):
        return None
    return data.get("kind")


def serve(site: str) -> http.server.ThreadingHTTPServer:
    handler = functools.partial(QuietHandler, directory=site)
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: object) -> None:
        pass


def main() -> int:
    site = sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, ".build", "docs")
    screenshots = os.environ.get("DOCS_SCREENSHOTS")  # a directory to keep each checked page's picture in
    if not os.path.isfile(os.path.join(site, "index.html")):
        print(f"error: no site at {site}: run `make docs` first", file=sys.stderr)
        return 1
    server = serve(site)
    base = f"http://127.0.0.1:{server.server_address[1]}"
    profile = tempfile.mkdtemp(prefix="baton-docs-check-")
    tools = DevTools(profile)
    started = time.monotonic()
    passed, failed = 0, 0

    def record(what: str, problems: list[str]) -> None:
        nonlocal passed, failed
        if problems:
            failed += 1
            print(f"FAIL {what}: {'; '.join(problems)}")
        else:
            passed += 1

    try:
        session = tools.open_tab()
        # The check catches a page that is not there, so "renders" means something.
        missing = render(tools, session, base + "/documentation/baton/no-such-page")
        record("a page that does not exist shows it", [] if problems_of(missing) else ["it rendered"])
        linked: dict[str, str] = {}
        for path, title, phrase in PAGES:
            page = render(tools, session, base + path)
            record(path, problems_of(page, title, phrase))
            if screenshots:
                shot = tools.call("Page.captureScreenshot", {"format": "png"}, session)["data"]
                name = path.strip("/").replace("/", "-") or "start"
                with open(os.path.join(screenshots, name + ".png"), "wb") as file:
                    file.write(base64.b64decode(shot))
            if path in LINKED_FROM:
                for link in page["links"]:
                    address = link.split("#")[0]
                    if address.startswith(base) and address != base + path:
                        linked.setdefault(address, path)
        # The linked pages in TABS tabs at once, each tab taking the next page when it is done.
        tabs = queue.SimpleQueue()
        for _ in range(TABS):
            tabs.put(tools.open_tab())

        def check_linked(address: str) -> list[str]:
            tab = tabs.get()
            try:
                return problems_of(render(tools, tab, address))
            finally:
                tabs.put(tab)

        # Every link resolves: its page's data is there, a DocC page of its kind. Chromium then
        # draws every linked article and every RENDER_EVERY-th of the rest: DocC draws every
        # page of a kind from its data with the same script, so a sample shows they draw.
        addresses = sorted(linked)
        drawn = []
        for index, address in enumerate(addresses):
            kind = data_kind(site, address[len(base) :])
            if kind is None:
                record(f"{address[len(base):]} (linked from {linked[address]})", ["has no page data: the link leads nowhere"])
            elif kind == "article" or index % RENDER_EVERY == 0:
                drawn.append(address)
            else:
                record(f"{address[len(base):]} (linked from {linked[address]})", [])
        with concurrent.futures.ThreadPoolExecutor(TABS) as pool:
            for address, problems in zip(drawn, pool.map(check_linked, drawn)):
                record(f"{address[len(base):]} (linked from {linked[address]})", problems)
        print(
            f"{len(linked)} linked pages resolve, {len(drawn)} of them opened, "
            f"{time.monotonic() - started:.1f} s in Chromium"
        )
    finally:
        tools.close()
        server.shutdown()
        server.server_close()
        shutil.rmtree(profile, ignore_errors=True)
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
