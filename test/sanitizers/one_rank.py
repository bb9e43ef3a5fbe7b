"""lit test format of the sanitizer builds (scripts/sanitize)."""
import lit.formats
import lit.Test
from lit import TestRunner


class OneRankShTest(lit.formats.ShTest):
    """Runs a test's RUN lines except those that start ranks with %mpirun.

    A sanitizer build runs each program as one rank, without a launcher
    (scripts/sanitize): the rest of a test's RUN lines still run and check
    as written, and a test left with nothing but its compile line is
    UNSUPPORTED rather than passed.
    """

    def execute(self, test, litConfig):
        if test.config.unsupported:
            return lit.Test.Result(lit.Test.UNSUPPORTED, "Test is unsupported")
        parsed = TestRunner.parseIntegratedTestScript(test)
        if isinstance(parsed, lit.Test.Result):
            return parsed
        def command(directive):
            return getattr(directive, "command", "")
        script = [d for d in parsed if "%mpirun" not in command(d)]
        if all("%cc-parade" in command(d) for d in script):
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
