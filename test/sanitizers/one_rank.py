"""lit test format of the sanitizer builds (scripts/sanitize)."""
import re

import lit.formats
import lit.Test
from lit import TestRunner


class OneRankShTest(lit.formats.ShTest):
    """Runs a test's RUN lines except those that start ranks with %mpirun.

    A sanitizer build runs each program as one rank, without a launcher
    (scripts/sanitize): the rest of a test's RUN lines still run and check
    as written. A test left with no line that runs the program or the
    translator is UNSUPPORTED rather than passed, and so is one that uses
    paradecc.
    """

    def execute(self, test, litConfig):
        if test.config.unsupported:
            return lit.Test.Result(lit.Test.UNSUPPORTED, "Test is unsupported")
        parsed = TestRunner.parseIntegratedTestScript(test)
        if isinstance(parsed, lit.Test.Result):
            return parsed
        def command(directive):
            return getattr(directive, "command", "")
        # A line that reads a file a dropped line wrote (%t.err, %t.2.json)
        # goes with it.
        script, dropped_files = [], set()
        for d in parsed:
            files = set(re.findall(r"%t\.[\w.]+", command(d)))
            if "%mpirun" in command(d) or files & dropped_files:
                dropped_files |= files
            else:
                script.append(d)
        # paradecc links programs without the sanitizer flags, and
        # scripts/sanitize does not build it.
        if any(re.search(r"%paradecc|%compare-with-gcc", command(d)) for d in parsed):
            return lit.Test.Result(lit.Test.UNSUPPORTED, "paradecc is not part of a sanitizer build")
        runs = re.compile(r"%t(?![\w.])|%translate|%parade-translate")
        if not any(runs.search(command(d)) and "%cc-parade" not in command(d) for d in script):
            return lit.Test.Result(lit.Test.UNSUPPORTED, "every run of the program needs %mpirun")
        if litConfig.noExecute:
            return lit.Test.Result(lit.Test.PASS)
        tmpDir, tmpBase = TestRunner.getTempPaths(test)
        substitutions = TestRunner.getDefaultSubstitutions(test, tmpDir, tmpBase)
        conditions = {feature: True for feature in test.config.available_features}
        script = TestRunner.applySubstitutions(
            script, substitutions, conditions,
            recursion_limit=test.config.recursiveExpansionLimit)
        return TestRunner._runShTest(test, litConfig, False, script, tmpBase)
