"""Where the installed package keeps what C++ users build against."""

import os

_package_dir = os.path.dirname(os.path.abspath(__file__))


def cmake_dir() -> str:
    """The CMake package directory: ``find_package(mxcore CONFIG)`` with
    ``-Dmxcore_DIR=$(python -m mxcore --cmake-dir)`` (or ``CMAKE_PREFIX_PATH``).

    Returns:
        str: The directory holding ``mxcoreConfig.cmake``.
    """
    return os.path.join(_package_dir, "share", "cmake", "mxcore")


def include_dir() -> str:
    """The directory holding the ``mxcore/*.h`` headers of the installed package.

    Returns:
        str: The include directory (the source tree's in a development build).
    """
    installed = os.path.join(_package_dir, "include")
    if os.path.isdir(installed):
        return installed
    # A development build (extension built in place): the source tree's headers.
    return os.path.join(os.path.dirname(os.path.dirname(_package_dir)), "include")
