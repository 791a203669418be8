"""Test-session settings.

Background JIT builds (the default for users) make a compiled function's
first call run on the eager kernels; a test that calls a compiled function
once would then compare eager with eager. In the test process every kernel
is built before its first call returns, so compiled-vs-eager tests exercise
the JIT. Tests of background builds run their own processes with
MXCORE_JIT_BACKGROUND=1 (tests/python/test_first_call.py).
"""

import mxcore as mx

mx._core._set_jit_background(False)
