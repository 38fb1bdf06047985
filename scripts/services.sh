#!/usr/bin/env bash
# Makes sure MariaDB and Redis answer on 127.0.0.1, installing them from Debian's packages if
# they are missing and starting them if they are stopped. Used by .ci/run and test-services.sh.
set -euo pipefail

need_apt_update=1
apt_install() {
  if [ "$need_apt_update" = 1 ]; then apt-get update -qq; need_apt_update=0; fi
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$@" >/dev/null
}

wait_for() { # name, command
  for _ in $(seq 1 60); do
    if eval "$2" >/dev/null 2>&1; then return 0; fi
    sleep 0.5
  done
  echo "services: $1 did not answer" >&2
  return 1
}

mariadb_up() { mysqladmin -h127.0.0.1 -uroot ping; }
redis_up() { redis-cli -h 127.0.0.1 -p 6379 ping | grep -q PONG; }

if ! mariadb_up >/dev/null 2>&1; then
  command -v mariadbd >/dev/null 2>&1 || [ -x /usr/sbin/mariadbd ] || apt_install mariadb-server mariadb-client
  echo "services: starting MariaDB"
  mkdir -p /run/mysqld && chown mysql:mysql /run/mysqld 2>/dev/null || true
  start-stop-daemon --start --oknodo --background --exec /usr/sbin/mariadbd
  wait_for MariaDB mariadb_up
  # A fresh install authenticates root by socket only; the tests connect over TCP without a password.
  mysql -uroot -e "ALTER USER 'root'@'localhost' IDENTIFIED VIA mysql_native_password USING PASSWORD(''); CREATE DATABASE IF NOT EXISTS test" 2>/dev/null || true
fi

if ! redis_up >/dev/null 2>&1; then
  command -v redis-server >/dev/null 2>&1 || apt_install redis-server
  echo "services: starting Redis"
  mkdir -p /var/lib/redis /var/log/redis
  redis-server --daemonize yes --bind 127.0.0.1 -::1 --port 6379 --save "" --appendonly no \
    --dir /var/lib/redis --logfile /var/log/redis/ci.log
  wait_for Redis redis_up
fi
echo "services: MariaDB and Redis answer on 127.0.0.1"
