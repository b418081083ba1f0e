#include <QApplication>
#include <QLabel>
#include <QMainWindow>

int main(int argc, char** argv)
{
    QApplication app(argc, argv);
    QApplication::setApplicationName("commtutor");
    QMainWindow window;
    window.setWindowTitle("commtutor");
    window.setCentralWidget(new QLabel("commtutor"));
    window.resize(1280, 800);
    window.show();
    return QApplication::exec();
}
