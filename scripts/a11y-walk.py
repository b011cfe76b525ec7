#!/usr/bin/python3
# SPDX-License-Identifier: MIT
"""The screen-reader walk of docs/accessibility.md, with a real AT-SPI client (pyatspi).

Run it through scripts/a11y-walk.sh, which gives it a private D-Bus session and an X display:
it starts trainyard-gui with the bundled example in the wizard (QT_LINUX_ACCESSIBILITY_ALWAYS_ON),
walks the wizard's pages to Run locally, the job's Logs (the line table, a search), its Metrics
(the charts) and a Compare window of two earlier runs, and prints what each object reads: role,
name, description, states, as an AT-SPI client such as Orca receives them, with the events
(focus, description changes) it was sent.
"""
import os
import subprocess
import sys
import tempfile
import time

import pyatspi

BUILD = sys.argv[1] if len(sys.argv) > 1 else "build/ci"
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
EXAMPLE = os.path.join(ROOT, "resources/examples/mnist_like")
EVENTS = []


def say(text=""):
    print(text, flush=True)


def on_event(event):
    try:
        source = event.source
        name = source.name if source else ""
        role = source.getRoleName() if source else ""
    except Exception:  # the object may be gone already
        name, role = "?", "?"
    EVENTS.append((event.type, role, name, str(event.any_data)[:160]))


def pump(seconds):
    """Lets events arrive (pyatspi's main loop runs only while we wait here)."""
    end = time.time() + seconds
    from gi.repository import GLib
    context = GLib.MainContext.default()
    while time.time() < end:
        while context.pending():
            context.iteration(False)
        time.sleep(0.02)


def states(obj):
    names = []
    ss = obj.getState()
    for s, label in ((pyatspi.STATE_FOCUSED, "focused"), (pyatspi.STATE_FOCUSABLE, "focusable"),
                     (pyatspi.STATE_SELECTED, "selected"), (pyatspi.STATE_CHECKED, "checked"),
                     (pyatspi.STATE_EDITABLE, "editable"),
                     (pyatspi.STATE_INVALID_ENTRY, "invalid-entry")):
        if ss.contains(s):
            names.append(label)
    if not ss.contains(pyatspi.STATE_SENSITIVE):
        names.append("disabled")
    return ",".join(names)


def line(obj, depth=0):
    desc = obj.description
    text = "%s%s \"%s\"" % ("  " * depth, obj.getRoleName(), obj.name)
    if desc:
        text += " — %s" % desc.replace("\n", " / ")
    st = states(obj)
    if st:
        text += " [%s]" % st
    return text


def showing(obj):
    try:
        return obj.getState().contains(pyatspi.STATE_SHOWING)
    except Exception:
        return False


def walk(obj, visit, depth=0, enter_tables=False):
    if obj is None or not showing(obj):
        return
    visit(obj, depth)
    if not enter_tables and obj.getRole() in (pyatspi.ROLE_TABLE, pyatspi.ROLE_LIST,
                                               pyatspi.ROLE_TREE_TABLE, pyatspi.ROLE_TREE):
        return
    for i in range(min(obj.childCount, 400)):
        walk(obj.getChildAtIndex(i), visit, depth + 1, enter_tables)


def operable(obj):
    role = obj.getRole()
    # Qt names a page tab list by its current tab (QAccessibleTabBar): the tabs are listed.
    if role in (pyatspi.ROLE_SCROLL_BAR, pyatspi.ROLE_FILLER, pyatspi.ROLE_FRAME,
                pyatspi.ROLE_DIALOG, pyatspi.ROLE_PANEL, pyatspi.ROLE_LABEL,
                pyatspi.ROLE_MENU_ITEM, pyatspi.ROLE_PAGE_TAB_LIST):
        return False
    if obj.getState().contains(pyatspi.STATE_FOCUSABLE):
        return True
    try:
        action = obj.queryAction()
        return any(action.getName(i) not in ("SetFocus",) for i in range(action.nActions))
    except NotImplementedError:
        return False


def dump_operable(root, title):
    say("### " + title)
    names = {}

    def visit(obj, depth):
        if operable(obj) or obj.getRole() == pyatspi.ROLE_CHART:
            say("- " + line(obj))
            names[obj.name] = names.get(obj.name, 0) + 1
    walk(root, visit)
    shared = [n for n, c in names.items() if c > 1]
    unnamed = names.get("", 0)
    say("  (operable objects named: %d, unnamed: %d, names shared: %s)"
        % (sum(names.values()) - unnamed, unnamed, shared or "none"))
    say()


def find(root, pred, timeout=20.0):
    end = time.time() + timeout
    while time.time() < end:
        found = []

        def visit(obj, depth):
            if not found and pred(obj):
                found.append(obj)
        walk(root, visit)
        if found:
            return found[0]
        pump(0.3)
    return None


def named(role, name):
    return lambda o: o.getRole() == role and o.name == name


def press(obj):
    action = obj.queryAction()
    for i in range(action.nActions):
        if action.getName(i) in ("Press", "press", "Toggle", "Switch", "Click"):
            action.doAction(i)
            return True
    action.doAction(0)
    return True


def child_named(obj, role, name):
    """A direct child (shown or not: a closed menu's items)."""
    for i in range(obj.childCount):
        c = obj.getChildAtIndex(i)
        if c is not None and c.getRole() == role and c.name.replace("&", "") == name:
            return c
    return None


def menu_item(app_window, menu, item):
    bar = find(app_window, lambda o: o.getRole() == pyatspi.ROLE_MENU_BAR, 5)
    entry = child_named(bar, pyatspi.ROLE_MENU_ITEM, menu) if bar else None
    if entry is None:
        return None
    for i in range(entry.childCount):
        m = entry.getChildAtIndex(i)
        found = child_named(m, pyatspi.ROLE_MENU_ITEM, item) if m else None
        if found is not None:
            return found
    return child_named(entry, pyatspi.ROLE_MENU_ITEM, item)


def click(obj):
    """A real click (XTest) in the middle of an object: the pointer gives its window the focus
    (no window manager runs under Xvfb)."""
    x, y, w, h = obj.queryComponent().getExtents(pyatspi.DESKTOP_COORDS)
    pyatspi.Registry.generateMouseEvent(x + w // 2, y + h // 2, pyatspi.MOUSE_ABS)
    pump(0.2)
    pyatspi.Registry.generateMouseEvent(x + w // 2, y + h // 2, pyatspi.MOUSE_B1C)
    pump(0.5)


def key(keysym):
    pyatspi.Registry.generateKeyboardEvent(keysym, None, pyatspi.KEY_SYM)
    pump(0.3)


def app_named(names, timeout=30.0):
    end = time.time() + timeout
    seen = set()
    while time.time() < end:
        desktop = pyatspi.Registry.getDesktop(0)
        for i in range(desktop.childCount):
            a = desktop.getChildAtIndex(i)
            if a is not None:
                seen.add(a.name)
                if a.name in names:
                    return a
        pump(0.5)
    say("applications on the bus: %s" % sorted(seen))
    return None


def run_cli(env, args):
    subprocess.run([os.path.join(BUILD, "app/trainyard")] + args, env=env, check=True,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def main():
    home = tempfile.mkdtemp(prefix="a11y-walk-")
    env = dict(os.environ, TRAINYARD_HOME=home, QT_LINUX_ACCESSIBILITY_ALWAYS_ON="1",
               QT_QPA_PLATFORM="xcb", LC_ALL="C.UTF-8", LANGUAGE="en")
    # Two short finished runs to compare.
    for job, lr in (("lr_0_05", "0.05"), ("lr_0_2", "0.2")):
        run_cli(env, ["jobs", "submit", "training", job, "--config",
                      os.path.join(EXAMPLE, "config.yaml"), "--", "--epochs", "2",
                      "--steps-per-epoch", "20", "--learning-rate", lr, "--step-delay", "0"])
    for listener in ("focus:", "object:property-change:accessible-description",
                     "object:property-change:accessible-name", "object:state-changed:focused"):
        pyatspi.Registry.registerEventListener(on_event, listener)
    gui = subprocess.Popen([os.path.join(BUILD, "app/trainyard-gui"),
                            os.path.join(EXAMPLE, "config.yaml")], env=env)
    try:
        walk_gui()
    finally:
        gui.terminate()
        gui.wait(10)


def walk_gui():
    app = app_named(("trainyard-gui", "trainyard", "Trainyard"))
    if app is None:
        say("trainyard-gui did not appear on the accessibility bus")
        sys.exit(1)
    pump(3)
    say("Windows: " + "; ".join("%s \"%s\"" % (app.getChildAtIndex(i).getRoleName(),
                                                app.getChildAtIndex(i).name)
                                for i in range(app.childCount)))
    say()
    say("## The wizard")
    wizard = None
    for i in range(app.childCount):
        if app.getChildAtIndex(i).getRole() == pyatspi.ROLE_DIALOG:
            wizard = app.getChildAtIndex(i)
    if wizard is None:
        say("(no wizard window)")
        return
    for page in range(10):
        pump(0.5)
        dump_operable(wizard, "Wizard page %d" % (page + 1))
        if page == 0:
            # An invalid field reads its error as its description.
            job_id = find(wizard, named(pyatspi.ROLE_TEXT, "Job ID"), 2)
            good = job_id.queryText().getText(0, -1)
            job_id.queryEditableText().setTextContents("9 lives")
            click(job_id)
            key(0xff09)  # Tab: the field was touched, its message shows
            pump(1)
            say("Job ID set to “9 lives”:")
            say("- " + line(job_id))
            nxt = find(wizard, lambda o: o.getRole() == pyatspi.ROLE_PUSH_BUTTON
                       and o.name.replace("&", "").startswith("Next"), 2)
            say("- " + line(nxt))
            job_id.queryEditableText().setTextContents(good)
            pump(1)
            say()
        run = find(wizard, named(pyatspi.ROLE_PUSH_BUTTON, "Run locally"), 0.5)
        if run is not None and run.getState().contains(pyatspi.STATE_SHOWING):
            say("Pressing “Run locally”")
            press(run)
            break
        nxt = find(wizard, lambda o: o.getRole() == pyatspi.ROLE_PUSH_BUTTON
                   and o.name.replace("&", "").startswith("Next"), 2)
        if nxt is None:
            break
        press(nxt)
    pump(3)

    say("## The job console")
    main_window = find(app, lambda o: o.getRole() == pyatspi.ROLE_FRAME and o.name.startswith(
        "Trainyard"), 10)
    jobs = find(main_window, named(pyatspi.ROLE_TABLE, "Jobs"))
    say("- " + line(jobs) + " rows: %d" % jobs.queryTable().nRows)
    logs_tab = find(main_window, lambda o: o.getRole() == pyatspi.ROLE_PAGE_TAB
                    and o.name.replace("&", "") == "Logs")
    press(logs_tab)
    pump(2)
    table = find(main_window, named(pyatspi.ROLE_TABLE, "Log lines"))
    t = table.queryTable()
    end = time.time() + 30
    while t.nRows < 20 and time.time() < end:
        pump(0.5)
    say("### Logs")
    say("- " + line(table) + " rows: %d, columns: %d (%s)" % (
        t.nRows, t.nColumns, ", ".join(t.getColumnDescription(c) for c in range(t.nColumns))))
    for r in range(3):
        cells = [t.getAccessibleAt(r, c).name for c in range(t.nColumns)]
        say("  row %d: %s" % (r, " | ".join(cells)))
    header = t.getColumnHeader(t.nColumns - 1)
    say("  column header of the message: %s" % (header.name if header else "(none)"))
    follow = find(main_window, named(pyatspi.ROLE_PUSH_BUTTON, "Follow"), 2)
    if follow is not None and follow.getState().contains(pyatspi.STATE_CHECKED):
        press(follow)  # stop following, so the rows stay where they are
    EVENTS.clear()
    click(table)
    key(0xff50)  # Home
    key(0xff54)  # Down
    key(0xff54)  # Down
    pump(1)
    say("  click on the lines, then Home, Down, Down (mouse and keyboard through XTest):")
    for e in EVENTS:
        if e[0].startswith("focus") or "state-changed:focused" in e[0]:
            say("    event %s: %s \"%s\" %s" % e)
    focused = table.queryTable()
    for r in range(min(focused.nRows, 40)):
        cell = focused.getAccessibleAt(r, focused.nColumns - 1)
        if cell.getState().contains(pyatspi.STATE_FOCUSED):
            say("  focused cell: row %d — %s" % (r, line(cell)))
    search = find(main_window, named(pyatspi.ROLE_TEXT, "Search the log"))
    search.queryEditableText().setTextContents("loss")
    pump(1.5)
    nxt = find(main_window, named(pyatspi.ROLE_PUSH_BUTTON, "Next match"))
    click(search)
    EVENTS.clear()
    press(nxt)
    pump(1)
    press(nxt)
    pump(1)
    say("  search “loss”, Next match twice:")
    say("  - " + line(search))
    for e in EVENTS:
        if "description" in e[0] or e[0].startswith("focus"):
            say("    event %s: %s \"%s\"" % e[:3])
    status = find(main_window, lambda o: o.getRole() == pyatspi.ROLE_LABEL
                  and "matching line" in o.name, 2)
    if status is not None:
        say("  - " + line(status))
    dump_operable(find(main_window, lambda o: o.getRole() == pyatspi.ROLE_FILLER
                       and o.childCount > 10 and find(o, named(pyatspi.ROLE_TABLE, "Log lines"),
                                                      0.1) is not None, 2) or main_window,
                  "Logs tab")

    metrics_tab = find(main_window, lambda o: o.getRole() == pyatspi.ROLE_PAGE_TAB
                       and o.name.replace("&", "") == "Metrics")
    press(metrics_tab)
    pump(4)
    say("### Metrics")

    def chart(obj, depth):
        if obj.getRole() == pyatspi.ROLE_CHART:
            say("- " + line(obj))
            for i in range(obj.childCount):
                say("  - " + line(obj.getChildAtIndex(i)))
    walk(main_window, chart)
    say()

    say("## Compare")
    jobs_table = jobs.queryTable()
    for r in range(jobs_table.nRows):
        first = jobs_table.getAccessibleAt(r, 0).name
        if first.startswith("lr_"):
            jobs_table.addRowSelection(r)
    pump(1)
    say("- " + line(jobs) + " selected rows: %s" % list(jobs_table.getSelectedRows()))
    compare = menu_item(main_window, "Job", "Compare runs")
    say("- Job › " + (line(compare) if compare else "(no Compare runs item)"))
    if compare is not None:
        action = compare.queryAction()
        say("  actions: %s" % [action.getName(i) for i in range(action.nActions)])
        press(compare)
    window = find(app, lambda o: o.getRole() in (pyatspi.ROLE_FRAME, pyatspi.ROLE_FILLER)
                  and o.name.startswith("Compare"), 15)
    if window is None:
        say("(the Compare window did not open; windows: %s)" % "; ".join(
            "%s \"%s\"" % (app.getChildAtIndex(i).getRoleName(), app.getChildAtIndex(i).name)
            for i in range(app.childCount)))
        return
    pump(4)
    dump_operable(window, window.name)


if __name__ == "__main__":
    main()
