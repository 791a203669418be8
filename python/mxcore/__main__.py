"""``python -m mxcore --cmake-dir``: paths for building C++ against mxcore."""

import argparse

from ._paths import cmake_dir, include_dir


def main() -> None:
    parser = argparse.ArgumentParser(prog="python -m mxcore")
    parser.add_argument("--cmake-dir", action="store_true",
                        help="print the CMake package dir (for find_package(mxcore))")
    parser.add_argument("--include-dir", action="store_true",
                        help="print the directory holding the mxcore/*.h headers")
    args = parser.parse_args()
    if args.cmake_dir:
        print(cmake_dir())
    if args.include_dir:
        print(include_dir())
    if not (args.cmake_dir or args.include_dir):
        parser.print_help()


if __name__ == "__main__":
    main()
