#!/bin/sh
# own_tmpdir.sh COMMAND...: runs COMMAND (Open MPI's mpirun) with a TMPDIR
# of its own, removed after it. lit gives every test the same TMPDIR, and
# Open MPI 4.1's mpirun creates its session directory there
# (TMPDIR/ompi.HOST.UID) without allowing for another mpirun creating it at
# the same moment: one of two tests starting together failed with "A call
# to mkdir was unable to create the desired directory ... File exists".
dir=$(mktemp -d "${TMPDIR:-/tmp}/mpirun.XXXXXX") || exit 1
TMPDIR=$dir "$@"
status=$?
rm -rf "$dir"
exit $status
