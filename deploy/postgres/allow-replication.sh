#!/bin/sh
# Run once by the official postgres image when it creates the primary: lets the replica stream WAL (password auth).
echo "host replication all all scram-sha-256" >> "$PGDATA/pg_hba.conf"
