#pragma once
// Every explorer view says what it shows, inside itself: the note of its state (ViewState.h) over its top edge,
// re-decided whenever the view is painted or redrawn, so that no path that changes the settings (panels, slider,
// typed ε, menus, undo, lessons, restore) can leave a view drawing another setting's result unmarked.
// With PX_TRACE_VIEWS=1 each decision is written to stderr as one JSON line:
//   {"view": …, "state": …, "drawn_key": …, "current_key": …, "settings": {…}}
#include "ViewState.h"

#include <QObject>
#include <QString>
#include <functional>
#include <map>
#include <nlohmann/json.hpp>

class QLabel;
class QWidget;

class ViewPresenter : public QObject {
    Q_OBJECT
public:
    struct Source {
        std::function<std::string()> drawnKey;     // the key of what the view draws now ("" for nothing)
        std::function<std::string()> currentKey;   // the key of the current settings in the view's scope
        std::function<ViewActivity()> activity;    // what its computation is doing
        std::function<nlohmann::json()> settings;  // the current settings in its scope (for the trace)
    };
    explicit ViewPresenter(QObject* parent = nullptr);
    // A view by name ("tradeoff", "gallery", …): `host` is the widget it draws in, and carries its note.
    void add(const QString& name, QWidget* host, Source source);
    // Decides the view's state now and shows its note (hidden when current). Returns the status.
    ViewStatus present(const QString& name);
    void presentAll();
    // Until the window has built its panels (the current settings can be read), nothing is presented.
    void start() { started_ = true; presentAll(); }
    QStringList names() const;
    ViewStatus status(const QString& name) const;  // as last presented
    QLabel* note(const QString& name) const;
    QWidget* host(const QString& name) const;
    QString nameOf(const QWidget* host) const;  // "" for a widget that is no view's host
    // Keeps the note of `name` clear of `avoid` (in the host's coordinates; e.g. the slider's readout).
    void setAvoid(const QString& name, std::function<QRect()> avoid);
    // Projector mode's scale (1: the desktop's): the notes in the application's font, as large as the text beside them.
    void setFontScale(double scale);

signals:
    void presented(const QString& name);  // a view's state was decided again (status(name) says which)

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;  // paint: decide again; resize: place the note

private:
    struct View {
        QWidget* host = nullptr;
        QLabel* note = nullptr;
        Source source;
        ViewStatus status;
        std::function<QRect()> avoid;
        int ownTopMargin = -1;  // a panel's top margin of its own, while its note takes the room above its text
    };
    void placeNote(View& v);
    static void makeRoomForNote(View& v, bool shown);
    static int titleBottom(const QWidget* host);
    void trace(const QString& name, const View& v) const;
    std::map<QString, View> views_;
    bool tracing_ = false;
    bool started_ = false;
    bool presenting_ = false;  // a note shown during a paint must not re-enter
    double fontScale_ = 1.0;
};
