/* The statistics report at the end of a job, as PARADE_STATS asks. */
#ifndef PARADE_STATS_REPORT_H
#define PARADE_STATS_REPORT_H

/* Write the summary of every rank's counters. Collective over all ranks. */
void stats_report(void);

#endif
