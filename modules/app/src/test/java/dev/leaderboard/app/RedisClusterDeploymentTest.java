package dev.leaderboard.app;

import static dev.leaderboard.app.DeploymentManifestTest.assertSelects;
import static dev.leaderboard.app.DeploymentManifestTest.list;
import static dev.leaderboard.app.DeploymentManifestTest.map;
import static dev.leaderboard.app.DeploymentManifestTest.namedContainerPort;
import static dev.leaderboard.app.DeploymentManifestTest.path;
import static dev.leaderboard.app.DeploymentManifestTest.quantityBytes;
import static dev.leaderboard.app.DeploymentManifestTest.redisBytes;
import static dev.leaderboard.app.DeploymentManifestTest.render;
import static dev.leaderboard.app.DeploymentManifestTest.resolvePort;
import static dev.leaderboard.app.DeploymentManifestTest.servicePortTargeting;
import static dev.leaderboard.app.DeploymentManifestTest.str;
import static org.assertj.core.api.Assertions.assertThat;

import dev.leaderboard.app.DeploymentManifestTest.Render;
import java.net.URI;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The Redis Cluster variant of {@code deploy/}: the overlay {@code deploy/overlays/redis-cluster} (the
 * cluster's nodes, headless Service, init Job, budget and network policy, the app in cluster mode, the
 * standalone shards gone), its {@code add-capacity} step, and {@code deploy/overlays/redis-cluster-migrate}
 * (the cluster beside the shards, the nodes stopped, the migration Job), rendered with
 * {@code kubectl kustomize} like {@link DeploymentManifestTest}.
 */
class RedisClusterDeploymentTest {
  static final String OVERLAY = "deploy/overlays/redis-cluster";
  static final String ADD_CAPACITY = "deploy/overlays/redis-cluster/add-capacity";
  static final String MIGRATE = "deploy/overlays/redis-cluster-migrate";
  static final String CLUSTER = "redis-cluster";
  static final int REDIS_PORT = 6379;
  static final int BUS_PORT = 16379;

  @Test
  void theStandaloneShardsAreReplacedByAClusterOfRedis7Nodes() {
    Render r = render(OVERLAY);
    assertThat(r.find("StatefulSet", "redis")).as("the base's standalone shards").isNull();
    assertThat(r.find("Service", "redis")).as("the standalone shards' Service").isNull();
    assertThat(r.find("PodDisruptionBudget", "redis")).isNull();
    assertThat(r.find("NetworkPolicy", "redis")).isNull();

    Map<String, Object> sts = r.redis();
    assertThat(r.name(sts)).isEqualTo(CLUSTER);
    int replicas = (Integer) path(sts, "spec", "replicas");
    assertThat(replicas).as("masters with one replica each, at least 3 masters").isGreaterThanOrEqualTo(6).isEven();
    Map<String, Object> c = redisContainer(sts);
    assertThat(str(c.get("image"))).startsWith("redis:7");
    assertThat(namedContainerPort(c, "redis")).isEqualTo(REDIS_PORT);
    assertThat(namedContainerPort(c, "cluster-bus")).isEqualTo(BUS_PORT);

    Map<String, String> conf = redisConf(c);
    assertThat(conf).containsEntry("cluster-enabled", "yes")
        .containsEntry("cluster-preferred-endpoint-type", "hostname")
        .containsEntry("cluster-announce-hostname", "${POD_NAME}.redis-cluster.${POD_NAMESPACE}.svc.cluster.local")
        .containsEntry("appendonly", "yes")
        .containsEntry("appendfsync", "always")
        .containsEntry("maxmemory-policy", "noeviction")
        .containsEntry("dir", "/data")
        .containsEntry("requirepass", "\"${REDIS_PASSWORD}\"")
        .containsEntry("masterauth", "\"${REDIS_PASSWORD}\"");
    assertThat(conf.get("cluster-config-file")).as("nodes.conf, the node's identity, on its volume").startsWith("/data/");
    assertThat(fieldRef(c, "POD_NAME")).isEqualTo("metadata.name");
    assertThat(fieldRef(c, "POD_NAMESPACE")).isEqualTo("metadata.namespace");
    String password = secretValue(r, c, "REDIS_PASSWORD");
    assertThat(secretValue(r, c, "REDISCLI_AUTH")).as("the probes' redis-cli password").isEqualTo(password);
    assertThat(String.join(" ", list(c.get("args")).stream().map(DeploymentManifestTest::str).toList()))
        .as("no password on the command line").doesNotContain(password).doesNotContain("--requirepass");

    long maxmemory = redisBytes(literalEnv(c, "REDIS_MAXMEMORY"));
    assertThat(conf.get("maxmemory")).isEqualTo("${REDIS_MAXMEMORY}");
    assertThat(maxmemory).isPositive()
        .isLessThanOrEqualTo(quantityBytes(str(path(c, "resources", "limits", "memory"))) * 8 / 10);
    assertThat(mountsOf(c)).containsEntry("/data", "data");
    assertThat(list(path(sts, "spec", "volumeClaimTemplates")).stream().map(t -> str(path(t, "metadata", "name"))))
        .contains("data");

    assertThat(str(path(c, "readinessProbe", "exec", "command"))).as("ready once the cluster serves every slot")
        .contains("cluster info").contains("cluster_state:ok");
    assertThat(resolvePort(c, path(c, "livenessProbe", "tcpSocket", "port"))).isEqualTo(REDIS_PORT);
    assertThat(path(c, "securityContext", "readOnlyRootFilesystem")).isEqualTo(Boolean.TRUE);
  }

  @Test
  void aHeadlessServiceNamesEveryNodeOnBothPorts() {
    Render r = render(OVERLAY);
    Map<String, Object> sts = r.redis();
    Map<String, Object> c = redisContainer(sts);
    Map<String, Object> svc = r.find("Service", str(path(sts, "spec", "serviceName")));
    assertThat(svc).isNotNull();
    assertThat(path(svc, "spec", "clusterIP")).isEqualTo("None");
    assertThat(path(svc, "spec", "publishNotReadyAddresses")).as("the init Job reaches nodes before they are ready")
        .isEqualTo(Boolean.TRUE);
    assertSelects(OVERLAY, svc, sts);
    assertThat(servicePortTargeting(svc, c, REDIS_PORT)).isEqualTo(REDIS_PORT);
    assertThat(servicePortTargeting(svc, c, BUS_PORT)).isEqualTo(BUS_PORT);

    Map<String, Object> pdb = r.find("PodDisruptionBudget", CLUSTER);
    assertThat(pdb).isNotNull();
    assertSelects(OVERLAY, pdb, sts);
    assertThat(path(pdb, "spec", "maxUnavailable")).isEqualTo(1);
  }

  @Test
  void theInitJobFormsTheClusterOnceWithAReplicaPerMaster() {
    Render r = render(OVERLAY);
    Map<String, Object> c = jobContainer(r, "redis-cluster-init");
    String script = script(c);
    assertThat(script).contains("--cluster create").contains("--cluster-replicas 1").contains("--cluster-yes");
    assertThat(script.indexOf("cluster_state)\" = ok ]")).as("skips a formed cluster before creating anything")
        .isNotNegative().isLessThan(script.indexOf("--cluster create"));
    assertThat(literalEnv(c, "NODES")).as("every pod of the StatefulSet").isEqualTo(String.valueOf(path(r.redis(), "spec", "replicas")));
    assertThat(secretValue(r, c, "REDISCLI_AUTH")).isEqualTo(secretValue(r, redisContainer(r.redis()), "REDIS_PASSWORD"));
    assertThat(str(c.get("image"))).startsWith("redis:7");
  }

  @Test
  void theNodesTakeClientsFromTheAppAndTheBusFromEachOtherOnly() {
    Render r = render(OVERLAY);
    Map<String, Object> sts = r.redis();
    Map<String, Object> c = redisContainer(sts);
    Map<String, Object> np = r.find("NetworkPolicy", CLUSTER);
    assertThat(np).isNotNull();
    assertThat(path(np, "spec", "podSelector", "matchLabels")).isEqualTo(path(sts, "spec", "selector", "matchLabels"));
    assertThat(list(path(np, "spec", "policyTypes"))).contains("Ingress");
    Map<String, Object> appPod = podLabels(r.deployment());
    Map<String, Object> redisPod = podLabels(sts);
    Map<String, Object> jobPod = podLabels(r.find("Job", "redis-cluster-init"));
    Set<String> allowed = new LinkedHashSet<>();
    for (Object rule : list(path(np, "spec", "ingress"))) {
      List<Object> ports = list(map(rule).get("ports"));
      assertThat(ports).as("a rule opens named ports, never every port").isNotEmpty();
      Set<Integer> open = new LinkedHashSet<>();
      ports.forEach(p -> open.add(resolvePort(c, map(p).get("port"))));
      assertThat(open).isSubsetOf(REDIS_PORT, BUS_PORT);
      List<Object> from = list(map(rule).get("from"));
      assertThat(from).as("a rule names its peers").isNotEmpty();
      for (Object peer : from) {
        assertThat(map(peer).keySet()).containsExactly("podSelector");
        Map<String, Object> labels = map(path(peer, "podSelector", "matchLabels"));
        boolean redisPeer = redisPod.entrySet().containsAll(labels.entrySet()) && labels.containsKey("app.kubernetes.io/name");
        assertThat(redisPeer || "leaderboard".equals(labels.get("app.kubernetes.io/name")))
            .as("peer %s is a leaderboard or a redis-cluster pod", labels).isTrue();
        if (open.contains(BUS_PORT)) {
          assertThat(redisPeer).as("only the cluster's pods reach the cluster bus, not %s", labels).isTrue();
        }
        for (Map<String, Object> pod : List.of(appPod, redisPod, jobPod)) {
          if (pod.entrySet().containsAll(labels.entrySet())) {
            open.forEach(p -> allowed.add(pod.get("app.kubernetes.io/component") + ":" + p));
          }
        }
      }
    }
    // component "node" is both the app's and the redis pods' label value; the app's reach is checked apart
    assertThat(allowed).contains("node:" + REDIS_PORT, "node:" + BUS_PORT, "cluster-admin:" + REDIS_PORT);
    assertThat(DeploymentManifestTest.list(path(np, "spec", "ingress")).stream()
        .filter(rule -> list(map(rule).get("from")).stream().anyMatch(peer -> appPod.equals(podLabelsMatching(peer, appPod))))
        .flatMap(rule -> list(map(rule).get("ports")).stream().map(p -> resolvePort(c, map(p).get("port")))))
        .as("the app reaches the clients' port only").containsOnly(REDIS_PORT);
  }

  @Test
  void theAppRunsInClusterModeWithEveryNodeAsASeedAndThePasswordFromASecret() {
    Render r = render(OVERLAY);
    DeploymentManifestTest.Env env = r.appEnv();
    assertThat(env.lb()).containsEntry("LB_REDIS_MODE", "cluster");
    assertThat(env.source().get("LB_REDIS_ENDPOINTS")).as("the seeds' URIs hold the password").isEqualTo("Secret");
    for (Map<String, Object> cm : r.ofKind("ConfigMap")) {
      assertThat(r.dataOf(cm)).as("ConfigMap %s", r.name(cm)).doesNotContainKey("LB_REDIS_ENDPOINTS");
    }
    Map<String, Object> sts = r.redis();
    String password = secretValue(r, redisContainer(sts), "REDIS_PASSWORD");
    List<String> expected = new ArrayList<>();
    for (int i = 0; i < (Integer) path(sts, "spec", "replicas"); i++) {
      expected.add("redis://:" + password + "@" + CLUSTER + "-" + i + "." + path(sts, "spec", "serviceName") + ":" + REDIS_PORT);
    }
    AppConfig config = r.appConfig();
    assertThat(config.redisCluster()).as("LB_REDIS_MODE=cluster").isTrue();
    assertThat(config.redisEndpoints()).as("the seeds: every pod of the cluster").containsExactlyElementsOf(expected);
  }

  @Test
  void addingCapacityJoinsTheNextTwoPodsAsMasterAndReplicaThenRebalances() {
    Render step = render(ADD_CAPACITY);
    Map<String, Object> c = jobContainer(step, "redis-cluster-add-capacity");
    String script = script(c);
    assertThat(script).contains("--cluster add-node").contains("--cluster-slave --cluster-master-id")
        .contains("--cluster rebalance").contains("--cluster-use-empty-masters");
    assertThat(script.indexOf("--cluster-slave")).as("the replica joins after its master")
        .isGreaterThan(script.indexOf("--cluster add-node"));
    Map<String, String> pods = step.dataOf(step.ofKind("ConfigMap").get(0));
    assertThat(str(path(list(c.get("envFrom")).get(0), "configMapRef", "name"))).isEqualTo(step.name(step.ofKind("ConfigMap").get(0)));
    int replicas = (Integer) path(render(OVERLAY).redis(), "spec", "replicas");
    assertThat(pods).containsEntry("NEW_MASTER", CLUSTER + "-" + replicas).containsEntry("NEW_REPLICA", CLUSTER + "-" + (replicas + 1));
    Map<String, Object> ref = map(path(list(c.get("env")).stream().filter(e -> "REDISCLI_AUTH".equals(map(e).get("name")))
        .findFirst().orElseThrow(), "valueFrom", "secretKeyRef"));
    assertThat(ref).as("the Secret the overlay creates, by its unhashed name")
        .containsEntry("name", CLUSTER).containsEntry("key", "password");
    assertThat(render(OVERLAY).find("Secret", CLUSTER)).isNotNull();
    assertThat(podLabels(step.find("Job", "redis-cluster-add-capacity"))).isEqualTo(podLabels(render(OVERLAY).find("Job", "redis-cluster-init")));
  }

  @Test
  void theMigrationOverlayStopsTheNodesAndCopiesTheShardsIntoTheCluster() {
    Render r = render(MIGRATE);
    assertThat(path(r.deployment(), "spec", "replicas")).as("no writes while the keys are copied").isEqualTo(0);
    assertThat(r.ofKind("HorizontalPodAutoscaler")).as("nothing starts the nodes again").isEmpty();
    Map<String, Object> shards = r.find("StatefulSet", "redis");
    Map<String, Object> cluster = r.find("StatefulSet", CLUSTER);
    assertThat(shards).isNotNull();
    assertThat(cluster).isNotNull();

    Map<String, Object> job = r.find("Job", "leaderboard-migrate");
    assertThat(job).isNotNull();
    Map<String, Object> c = onlyContainer(job);
    assertThat(c.get("image")).isEqualTo(r.appContainer().get("image"));
    assertThat(list(c.get("args"))).containsExactly("migrate");
    DeploymentManifestTest.Env env = r.containerEnv(c);
    assertThat(env.all().get("MIGRATE_FROM")).isEqualTo(r.appEnv().lb().get("LB_REDIS_ENDPOINTS"));
    assertThat(env.source().get("MIGRATE_TO_PASSWORD")).isEqualTo("Secret");
    assertThat(env.all().get("MIGRATE_TO_PASSWORD")).isEqualTo(secretValue(r, redisContainer(cluster), "REDIS_PASSWORD"));
    for (String seed : env.all().get("MIGRATE_TO").split(",")) {
      URI uri = URI.create(seed);
      assertThat(uri.getUserInfo()).as("no password in %s", seed).isNull();
      assertThat(uri.getHost()).matches(CLUSTER + "-\\d+\\." + CLUSTER);
    }
    Map<String, Object> migratePod = podLabels(job);
    assertThat(admits(r.find("NetworkPolicy", "redis"), migratePod)).as("the shards admit the Job").isTrue();
    assertThat(admits(r.find("NetworkPolicy", CLUSTER), migratePod)).as("the cluster admits the Job").isTrue();
    assertThat(admits(r.find("NetworkPolicy", "leaderboard"), migratePod)).isFalse();
  }

  // ---------------------------------------------------------------------------------------------

  /** {@code pod} when the peer's selector picks it, else null. */
  static Map<String, Object> podLabelsMatching(Object peer, Map<String, Object> pod) {
    Map<String, Object> labels = map(path(peer, "podSelector", "matchLabels"));
    return labels != null && pod.entrySet().containsAll(labels.entrySet()) ? pod : null;
  }

  static boolean admits(Map<String, Object> policy, Map<String, Object> pod) {
    for (Object rule : list(path(policy, "spec", "ingress"))) {
      for (Object peer : list(map(rule).get("from"))) {
        if (podLabelsMatching(peer, pod) != null) {
          return true;
        }
      }
    }
    return false;
  }

  static Map<String, Object> podLabels(Map<String, Object> workload) {
    return map(path(workload, "spec", "template", "metadata", "labels"));
  }

  static Map<String, Object> redisContainer(Map<String, Object> sts) {
    return onlyContainer(sts);
  }

  static Map<String, Object> jobContainer(Render r, String job) {
    assertThat(r.find("Job", job)).as("Job %s", job).isNotNull();
    return onlyContainer(r.find("Job", job));
  }

  static Map<String, Object> onlyContainer(Map<String, Object> workload) {
    List<Object> containers = list(path(workload, "spec", "template", "spec", "containers"));
    assertThat(containers).hasSize(1);
    return map(containers.get(0));
  }

  /** The shell script a container runs ({@code sh -c <script>}). */
  static String script(Map<String, Object> c) {
    assertThat(list(c.get("command"))).containsExactly("sh", "-c");
    return str(list(c.get("args")).get(0));
  }

  /** The lines of the redis.conf the node's script writes, as directive → value. */
  static Map<String, String> redisConf(Map<String, Object> c) {
    Matcher m = Pattern.compile("<<CONF\n(.*?)\nCONF\n", Pattern.DOTALL).matcher(script(c));
    assertThat(m.find()).as("the script writes redis.conf").isTrue();
    Map<String, String> conf = new java.util.LinkedHashMap<>();
    for (String line : m.group(1).split("\n")) {
      String[] kv = line.strip().split("\\s+", 2);
      conf.put(kv[0], kv.length > 1 ? kv[1] : "");
    }
    assertThat(script(c)).contains("exec redis-server /conf/redis.conf");
    return conf;
  }

  static String literalEnv(Map<String, Object> c, String name) {
    for (Object e : list(c.get("env"))) {
      if (name.equals(map(e).get("name"))) {
        return str(map(e).get("value"));
      }
    }
    throw new AssertionError("no env " + name + " in container " + c.get("name"));
  }

  static String fieldRef(Map<String, Object> c, String name) {
    for (Object e : list(c.get("env"))) {
      if (name.equals(map(e).get("name"))) {
        return str(path(e, "valueFrom", "fieldRef", "fieldPath"));
      }
    }
    throw new AssertionError("no env " + name + " in container " + c.get("name"));
  }

  /** The value of an env variable that must come from a Secret of the render. */
  static String secretValue(Render r, Map<String, Object> c, String name) {
    DeploymentManifestTest.Env env = r.containerEnv(c);
    assertThat(env.source().get(name)).as("%s comes from a Secret", name).isEqualTo("Secret");
    return env.all().get(name);
  }

  static Map<String, String> mountsOf(Map<String, Object> c) {
    Map<String, String> out = new java.util.LinkedHashMap<>();
    list(c.get("volumeMounts")).forEach(m -> out.put(str(map(m).get("mountPath")), str(map(m).get("name"))));
    return out;
  }
}
