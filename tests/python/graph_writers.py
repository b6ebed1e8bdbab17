"""Writes small graph data sets in every format px.load reads, for the tests that load them back.

A graph is given as (G, n, pairs, tags): the NetworkX graph (any node names, possibly self loops), its vertex
count, its edges as an (E, 2) int64 array numbered by the order of G.nodes() (possibly with repeated edges and
self loops: the loaders drop them, as from_networkx does), and the node labels (a list of n ints) or None.
"""
import gzip
import pathlib

import networkx as nx


def _simple_neighbours(n, pairs):
    """Neighbour sets of the graph the pairs describe (a self loop is its vertex's own neighbour)."""
    nb = [set() for _ in range(n)]
    for u, v in pairs:
        nb[u].add(int(v))
        nb[v].add(int(u))
    return nb


def write_gin(path, graphs, labels):
    """DGCNN/GIN text: N; per graph 'n label'; per node 'tag m neighbours...' (both ends of every edge)."""
    lines = [str(len(graphs))]
    for i, (_, n, pairs, tags) in enumerate(graphs):
        lines.append(f"{n} {0 if labels is None else labels[i]}")
        for v, nb in enumerate(_simple_neighbours(n, pairs)):
            lines.append(" ".join(map(str, [0 if tags is None else tags[v], len(nb), *sorted(nb)])))
    pathlib.Path(path).write_text("\n".join(lines) + "\n")
    return path


def _folder(path, graphs, labels, suffix, write_one):
    folder = pathlib.Path(path)
    folder.mkdir()
    names = [f"g{i:04d}.{suffix}" for i in range(len(graphs))]  # the loader takes the files in name order
    for name, graph in zip(names, graphs):
        write_one(folder / name, *graph)
    if labels is not None:
        (folder / "labels.csv").write_text("".join(f"{name},{y}\n" for name, y in zip(names, labels)))
    return folder


def _edge_list(file, G, n, pairs, tags):
    rows = [f"# vertices {n}"] + [f"{u} {v}" for u, v in pairs]  # repeated edges and self loops as given
    file.write_text("\n".join(rows) + "\n")


def write_edge_lists(path, graphs, labels):
    """A folder of edge lists 'u v' with '# vertices n' (isolated vertices count), labels in labels.csv."""
    return _folder(path, graphs, labels, "edges", _edge_list)


def _graphml(file, G, n, pairs, tags):
    H = G.copy()
    if tags is not None:
        for v, tag in zip(H.nodes(), tags):
            H.nodes[v]["label"] = tag
    nx.write_graphml(H, file)  # node ids are str(name), declared in the order of G.nodes()


def write_graphml(path, graphs, labels):
    """A folder of GraphML files written by NetworkX (its node names, node labels as an attribute)."""
    return _folder(path, graphs, labels, "graphml", _graphml)


def _gml(file, G, n, pairs, tags):
    # write_gml numbers the nodes 0..n-1 in the order of G.nodes() and writes each name as its label: names of any
    # type become unique strings first; node tags as an attribute the reader skips. Self loops are written as edges.
    H = nx.relabel_nodes(G, {v: f"v{i}" for i, v in enumerate(G.nodes())}, copy=True)
    if tags is not None:
        for v, tag in zip(H.nodes(), tags):
            H.nodes[v]["tag"] = int(tag)
    nx.write_gml(H, file)


def write_gml(path, graphs, labels):
    """A folder of GML files written by NetworkX's write_gml (labels in labels.csv)."""
    return _folder(path, graphs, labels, "gml", _gml)


def _dot(file, G, n, pairs, tags):
    # Boost's reader numbers the nodes in the order of their names: zero-padded, that is the order of G.nodes().
    nodes = [f'  "v{v:03d}"' + ("" if tags is None else f' [label="{tags[v]}"]') + ";" for v in range(n)]
    edges = [f'  "v{u:03d}" -- "v{v:03d}";' for u, v in pairs]
    file.write_text("graph G {\n" + "\n".join(nodes + edges) + "\n}\n")


def write_dot(path, graphs, labels):
    """A folder of Graphviz DOT files (every node declared before the edges)."""
    return _folder(path, graphs, labels, "dot", _dot)


def write_tu(path, graphs, labels):
    """TU: DS_A.txt (1-based global ids, both directions), graph indicator, graph labels (0 without labels: the
    count of graphs is then explicit, so a graph without vertices is refused instead of vanishing), node labels."""
    folder = pathlib.Path(path)
    folder.mkdir()
    a, indicator, node_labels, offset = [], [], [], 0
    for g, (_, n, pairs, tags) in enumerate(graphs):
        indicator += [str(g + 1)] * n
        node_labels += [str(t) for t in (tags if tags is not None else [0] * n)]
        for u, nb in enumerate(_simple_neighbours(n, pairs)):
            a += [f"{offset + u + 1}, {offset + v + 1}" for v in sorted(nb)]
        offset += n
    (folder / "DS_A.txt").write_text("".join(x + "\n" for x in a))
    (folder / "DS_graph_indicator.txt").write_text("".join(x + "\n" for x in indicator))
    ys = labels if labels is not None else [0] * len(graphs)
    (folder / "DS_graph_labels.txt").write_text("".join(f"{y}\n" for y in ys))
    if any(tags is not None for *_, tags in graphs):
        (folder / "DS_node_labels.txt").write_text("".join(x + "\n" for x in node_labels))
    return folder


def write_ogb(path, graphs, labels):
    """OGB's raw layout (gzipped CSV): node and edge counts per graph, one line 'src,dst' per edge as given."""
    raw = pathlib.Path(path) / "raw"
    raw.mkdir(parents=True)

    def csv(name, rows):
        with gzip.open(raw / f"{name}.csv.gz", "wt") as f:
            f.write("".join(f"{r}\n" for r in rows))
    csv("num-node-list", [n for _, n, _, _ in graphs])
    csv("num-edge-list", [len(pairs) for _, _, pairs, _ in graphs])
    csv("edge", [f"{u},{v}" for _, _, pairs, _ in graphs for u, v in pairs])
    if labels is not None:
        csv("graph-label", labels)
    return pathlib.Path(path)


WRITERS = {"GIN text": write_gin, "edge lists": write_edge_lists, "GraphML (NetworkX)": write_graphml,
           "GML (NetworkX)": write_gml, "DOT": write_dot,
           "TU": write_tu, "OGB": write_ogb}
