# Counts the lines of stdout-whole-lines.c's output that are not whole.
/^iter [0-9][0-9][0-9][0-9] sq [0-9]+ padding to make the lines longer than a few words$/ { next }
{ if (NR > 0 && $0 != "prompt: done") other++; last = $0 }
END { print "lines=" NR " other=" other + 0 " last=" last }
