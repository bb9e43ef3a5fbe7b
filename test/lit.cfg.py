# lit configuration for parade: substitutions and features.
#
#   %cc-parade           compile a C test against parade.h and libparade
#   %cc-parade-internal  the same, with the runtime's internal headers and
#                        names (white-box tests: libparade-internal.a)
#   %libparade           the runtime library that programs link
#   %libparade-internal  the runtime's objects with every name global
#   %mpirun              the launcher for the configured MPI (shared memory)
#   %mpirun-tcp          the same, ranks talking over TCP on loopback
#   %examples            directory of the example programs
#   FileCheck            LLVM's FileCheck
import os
import shutil
import sys

import lit.formats

config.name = "parade"
config.test_format = lit.formats.ShTest(execute_external=False)
# Sanitizer builds (PARADE_SANITIZE) run every program as one rank.
sanitize_flags = getattr(config, "parade_sanitize_flags", "")
if sanitize_flags:
    # A class in lit.cfg.py cannot be pickled for lit's worker processes.
    sys.path.insert(0, os.path.join(os.path.dirname(__file__), "sanitizers"))
    from one_rank import OneRankShTest
    config.test_format = OneRankShTest(execute_external=False)
config.suffixes = [".c", ".test"]
config.excludes = ["Inputs", "CMakeLists.txt", "lit.cfg.py", "lit.site.cfg.py"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.parade_obj_root, "test")

src = config.parade_src_root
cflags = "-O2 -g -Wall -I{0}/include".format(src)
# A sanitized libparade needs the sanitizer's runtime in the final link.
if sanitize_flags:
    cflags += " " + sanitize_flags
libparade = os.path.join(config.parade_lib_dir, "libparade.a")
libs = libparade + " -lpthread -ldl -lm"
# libparade.a exports only the API; white-box tests need every runtime name.
internal_libs = os.path.join(config.parade_lib_dir, "libparade-internal.a") + " -lpthread -ldl -lm"
config.substitutions.append(
    ("%cc-parade-internal", "{0} {1} -I{2}/runtime".format(config.parade_mpicc, cflags, src)
     + " %s -o %t " + internal_libs))
config.substitutions.append(
    ("%cc-parade", "{0} {1} %s -o %t {2}".format(config.parade_mpicc, cflags, libs)))
# Before %libparade, of which it is an extension.
config.substitutions.append(("%libparade-internal",
                             os.path.join(config.parade_lib_dir, "libparade-internal.a")))
config.substitutions.append(("%libparade", libparade))

if config.parade_mpi == "openmpi":
    # Each mpirun with a TMPDIR of its own (Inputs/own_tmpdir.sh says why).
    launcher = "{0} {1} --oversubscribe --bind-to none --mca btl_vader_single_copy_mechanism none".format(
        os.path.join(config.test_source_root, "Inputs", "own_tmpdir.sh"), config.parade_mpirun)
    tcp = launcher.replace("--mca btl_vader_single_copy_mechanism none", "") + \
        " --mca btl tcp,self --mca btl_tcp_if_include lo"
    config.available_features.add("openmpi")
else:
    launcher = config.parade_mpirun
    tcp = config.parade_mpirun  # MPICH's ch3:nemesis over loopback TCP is its default
    config.available_features.add("mpich")
config.substitutions.append(("%mpirun-tcp", tcp))
config.substitutions.append(("%mpirun", launcher))
config.substitutions.append(("%examples", config.parade_example_dir))
config.substitutions.append(("FileCheck", config.parade_filecheck))
config.available_features.add("mpi")
# Tests that bind a rank to fewer CPUs than the host has need two.
if len(os.sched_getaffinity(0)) >= 2 and shutil.which("taskset"):
    config.available_features.add("two-cpus")

# Open MPI refuses to run as root without these; harmless otherwise.
for name in ["OMPI_ALLOW_RUN_AS_ROOT", "OMPI_ALLOW_RUN_AS_ROOT_CONFIRM"]:
    config.environment[name] = "1"
for name in ["HOME", "PATH", "TMPDIR", "USER"]:
    if name in os.environ:
        config.environment[name] = os.environ[name]
# A test's run-time options come from its RUN line, never from the caller.
for name in list(config.environment):
    if name.startswith("PARADE_") or name.startswith("OMP_"):
        del config.environment[name]
# Sanitizer builds: the options every run needs (scripts/sanitize says why),
# and a pool base clear of the sanitizer's shadow memory.
supp = os.path.join(config.test_source_root, "sanitizers")
if "-fsanitize=address" in sanitize_flags:
    config.available_features.add("asan")
    # The runtime's SIGSEGV handler reports stack overflows (and serves DSM
    # faults at P > 1): ASan must neither replace it nor forbid it.
    config.environment["ASAN_OPTIONS"] = (
        "handle_segv=0:allow_user_segv_handler=1:detect_leaks=1:"
        "suppressions={0}/asan.supp".format(supp))
    config.environment["LSAN_OPTIONS"] = (
        "fast_unwind_on_malloc=0:print_suppressions=0:suppressions={0}/lsan.supp".format(supp))
    # The default base 0x100000000000 is inside ASan's shadow (up to
    # 0x10007fff7fff), and ASan's heap starts at 0x600000000000.
    config.environment["PARADE_POOL_BASE"] = "0x200000000000"
if "undefined" in sanitize_flags:
    config.available_features.add("ubsan")
    config.environment["UBSAN_OPTIONS"] = (
        "print_stacktrace=1:halt_on_error=1:suppressions={0}/ubsan.supp".format(supp))
if "-fsanitize=thread" in sanitize_flags:
    config.available_features.add("tsan")
    config.environment["TSAN_OPTIONS"] = (
        "halt_on_error=1:second_deadlock_stack=1:suppressions={0}/tsan.supp".format(supp))
    # TSan maps application memory only in fixed ranges (x86-64: below
    # 0x8000000000, the PIE range, the top): the default base is not one.
    config.environment["PARADE_POOL_BASE"] = "0x4000000000"
config.substitutions.append(
    ("%expect-failure", "{0} {1}/Inputs/expect_failure.py".format(
        config.parade_python, config.test_source_root)))
config.substitutions.append(("%python", config.parade_python))

# The translator and the driver.
bindir = os.path.join(config.parade_obj_root, "translator")
config.substitutions.append(("%paradecc", os.path.join(bindir, "paradecc")))
config.substitutions.append(("%parade-translate", os.path.join(bindir, "parade-translate")))
# The translation keeps the test's comments: its check lines are dropped,
# so that none can match itself.
config.substitutions.append(
    ("%translate", "{0} {1} {2}".format(
        config.parade_python, os.path.join(config.test_source_root, "Inputs", "translate_without_checks.py"),
        os.path.join(bindir, "parade-translate"))))
config.substitutions.append(("%gcc-openmp", "gcc -fopenmp -O2 -w"))


def mpi_include_dir():
    """The directory of the MPI C compiler's mpi.h (from its -M output)."""
    import subprocess
    try:
        deps = subprocess.run([config.parade_mpicc, "-M", "-x", "c", "-"], input="#include <mpi.h>\n",
                              capture_output=True, text=True, check=True).stdout
    except (OSError, subprocess.CalledProcessError):
        return "/nonexistent"
    for word in deps.replace("\\\n", " ").split():
        if os.path.basename(word) == "mpi.h":
            return os.path.dirname(word)
    return "/nonexistent"


config.substitutions.append(("%mpi-include", mpi_include_dir()))
config.substitutions.append(("%parade-build-dir", config.parade_obj_root))
if os.path.exists(os.path.join(bindir, "parade-translate")):
    config.available_features.add("translator")
config.substitutions.append(
    ("%compare-with-gcc", "{0} {1}/Inputs/compare_with_gcc.py --paradecc {2} --mpirun '{3}' --mpirun-tcp '{4}' "
    "--work %t.dir".format(config.parade_python, config.test_source_root,
                           os.path.join(bindir, "paradecc"), launcher, tcp)))
