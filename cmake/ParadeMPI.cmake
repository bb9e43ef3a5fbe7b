# Select the MPI implementation named by PARADE_MPI and record the launcher
# that goes with it (the tests and benchmarks need the matching mpirun).
if(PARADE_MPI STREQUAL "openmpi")
  set(_parade_mpicc mpicc.openmpi)
  set(_parade_mpirun mpirun.openmpi)
elseif(PARADE_MPI STREQUAL "mpich")
  set(_parade_mpicc mpicc.mpich)
  set(_parade_mpirun mpirun.mpich)
else()
  message(FATAL_ERROR "PARADE_MPI must be openmpi or mpich, not '${PARADE_MPI}'")
endif()

find_program(PARADE_MPICC ${_parade_mpicc})
find_program(PARADE_MPIRUN ${_parade_mpirun})
if(NOT PARADE_MPICC OR NOT PARADE_MPIRUN)
  message(FATAL_ERROR "PARADE_MPI=${PARADE_MPI} needs ${_parade_mpicc} and ${_parade_mpirun} "
                      "(Debian: openmpi-bin libopenmpi-dev, or mpich libmpich-dev)")
endif()
set(MPI_C_COMPILER ${PARADE_MPICC} CACHE FILEPATH "" FORCE)
find_package(MPI REQUIRED COMPONENTS C)
message(STATUS "parade: MPI ${PARADE_MPI}: ${PARADE_MPICC}, launcher ${PARADE_MPIRUN}")
